package updates

// Claim changes only in allowed ways.
type Claim struct {
	// +k8s:required
	// +k8s:immutable
	ClassName string `json:"className"`

	// VolumeName may be set once, later.
	// +k8s:optional
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	VolumeName string `json:"volumeName"`

	// Owner must be set at creation or never.
	// +k8s:optional
	// +k8s:update=NoSet
	Owner *string `json:"owner"`

	// Finalizers may be added, not removed.
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:update=NoRemoveItem
	Finalizers []string `json:"finalizers"`

	// Annotations keep their keys and values once added.
	// +k8s:optional
	// +k8s:update=NoRemoveItem
	// +k8s:eachVal=+k8s:update=NoModify
	Annotations map[string]string `json:"annotations"`

	// +k8s:optional
	// +k8s:alpha=+k8s:monotonic
	Generation int64 `json:"generation"`

	// A value made invalid by a stricter rule can be kept on update.
	// +k8s:optional
	// +k8s:maxLength=4
	Note string `json:"note"`
}
