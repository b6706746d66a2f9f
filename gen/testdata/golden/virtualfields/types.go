package virtualfields

// Config may be terminal in at most one way: a Succeeded and a Failed
// condition exclude each other, and a Failed condition, once there, is
// never changed.
type Config struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapItem(type: "Succeeded")=+k8s:zeroOrOneOfMember(union: terminalStatus)
	// +k8s:listMapItem(type: "Failed")=+k8s:zeroOrOneOfMember(union: terminalStatus)
	// +k8s:listMapItem(type: "Failed")=+k8s:immutable
	Conditions []Condition `json:"conditions"`
}

// Condition is an item of Config.Conditions.
type Condition struct {
	// +k8s:required
	Type string `json:"type"`
	// +k8s:optional
	Status Status `json:"status"`
}

// +k8s:enum
type Status string

const (
	StatusTrue  Status = "True"
	StatusFalse Status = "False"
)
