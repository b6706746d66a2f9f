package subfields

// Meta is shared by several types.
type Meta struct {
	// +k8s:optional
	Name string `json:"name"`
	// +k8s:optional
	Namespace string `json:"namespace"`
}

// Cluster requires its name to be a short name, and forbids a namespace.
type Cluster struct {
	// +k8s:subfield(name)=+k8s:format=k8s-short-name
	// +k8s:beta=+k8s:subfield(namespace)=+k8s:forbidden
	Meta `json:"metadata"`

	// +k8s:optional
	// +k8s:subfield(name)=+k8s:required
	Parent *Meta `json:"parent"`
}
