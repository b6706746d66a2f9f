package api

// Collections covers list types, map keys, counts and the tags that reach
// into items and properties (+k8s:eachVal, +k8s:subfield).
type Collections struct {
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:minItems=1
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:maxLength=5
	Tags []string `json:"tags,omitempty"`
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:maxItems=4
	Zones []string `json:"zones,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	Users []User `json:"users,omitempty"`
	// +k8s:optional
	// +k8s:minProperties=1
	// +k8s:maxProperties=3
	// +k8s:eachVal=+k8s:minimum=0
	Limits map[string]int32 `json:"limits,omitempty"`
	// +k8s:optional
	// +k8s:subfield(name)=+k8s:maxLength=4
	Primary *User `json:"primary,omitempty"`
	// +k8s:optional
	// +k8s:beta=+k8s:maxItems=2
	// +k8s:alpha=+k8s:maxItems=1
	Stages []string `json:"stages,omitempty"`
}

// User is a list-map item.
type User struct {
	// +k8s:required
	// +k8s:maxLength=10
	Name *string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:minimum=0
	UID *int64 `json:"uid,omitempty"`
}
