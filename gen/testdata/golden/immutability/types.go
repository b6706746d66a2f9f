package immutability

// Volume covers the scalar rows of the KEP's table.
type Volume struct {
	// Required immutable: must be set, never changed.
	// +k8s:required
	// +k8s:update=NoModify,NoClear
	Driver string `json:"driver"`

	// Set once: may be set later, then neither changed nor cleared.
	// +k8s:optional
	// +k8s:update=NoModify,NoClear
	ClaimName string `json:"claimName"`

	// Required once set: may change, never be cleared (NoUnset is upstream's
	// name for NoClear).
	// +k8s:optional
	// +k8s:update=NoUnset
	Phase *string `json:"phase"`

	// Immutable: decided at creation (NoSet, NoModify and NoClear).
	// +k8s:optional
	// +k8s:immutable
	HostNetwork bool `json:"hostNetwork"`

	// An immutable pointer to a struct.
	// +k8s:optional
	// +k8s:immutable
	Source *Source `json:"source"`

	// An immutable list: no item added, removed or changed.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:immutable
	Mounts []Mount `json:"mounts"`

	// An immutable map.
	// +k8s:optional
	// +k8s:immutable
	Labels map[string]string `json:"labels"`

	// Append-only: items may be added, not removed.
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:update=NoRemoveItem
	Finalizers []string `json:"finalizers"`
}

// Source is where a volume comes from.
type Source struct {
	Path string `json:"path"`
}

// Mount is one mount of a volume.
type Mount struct {
	Name     string `json:"name"`
	ReadOnly bool   `json:"readOnly"`
}
