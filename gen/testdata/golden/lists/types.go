package lists

// Service has lists of every kind.
type Service struct {
	// Ports is a list-map keyed by name and protocol.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:listMapKey=protocol
	// +k8s:item(name: "http", protocol: "TCP")=+k8s:immutable
	Ports []Port `json:"ports"`

	// Hosts is a set.
	// +k8s:optional
	// +k8s:listType=set
	// +k8s:eachVal=+k8s:format=k8s-long-name
	Hosts []string `json:"hosts"`

	// Args keeps its order and may repeat.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=4
	Args []string `json:"args"`

	// Aliases are atomic but unique.
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:unique=set
	Aliases []string `json:"aliases"`

	// Backends are checked for uniqueness by hand-written code.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:customUnique
	Backends []*Backend `json:"backends"`

	// Rules validates each item with the item type's own function.
	// +k8s:optional
	Rules Rules `json:"rules"`
}

// Port is an item of a list-map.
type Port struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:required
	Protocol string `json:"protocol"`
	// +k8s:optional
	// +k8s:minimum=1
	Number int32 `json:"number"`
}

// Backend is an item of a list of pointers.
type Backend struct {
	// +k8s:required
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maxLength=10
	Host string `json:"host"`
}

// Rules is a list typedef; its items are validated by Validate_Rule.
// +k8s:listType=map
// +k8s:listMapKey=id
type Rules []Rule

// Rule is an item of Rules.
type Rule struct {
	// +k8s:required
	ID string `json:"id"`
	// +k8s:optional
	// +k8s:maxLength=3
	Action string `json:"action"`
}
