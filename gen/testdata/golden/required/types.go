package required

// Widget has one field per requiredness and shape.
type Widget struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:required
	Size *int32 `json:"size"`
	// +k8s:required
	Ports []int32 `json:"ports"`
	// +k8s:required
	Labels map[string]string `json:"labels"`

	// Further checks run only when the field is set.
	// +k8s:optional
	// +k8s:maxLength=8
	Nickname string `json:"nickname"`
	// +k8s:optional
	// +k8s:minimum=1
	Replicas *int32 `json:"replicas"`

	// A default makes an optional field required once defaults are applied.
	// +k8s:optional
	// +default="blue"
	Color string `json:"color"`
	// A zero default makes the tag documentation only.
	// +k8s:optional
	// +default=0
	Priority int32 `json:"priority"`
	// KEP-5073 spells the default +k8s:default; it means the same.
	// +k8s:optional
	// +k8s:default="Retain"
	Policy *string `json:"policy"`

	// +k8s:beta=+k8s:forbidden
	Deprecated string `json:"deprecated"`
	// +k8s:beta=+k8s:forbidden
	Legacy *Legacy `json:"legacy"`
}

// Legacy is a struct that may no longer be set.
type Legacy struct {
	Value string `json:"value"`
}
