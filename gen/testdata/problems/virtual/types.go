package virtual

type Config struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:union(union: terminalStatus)
	// +k8s:listMapItem(type: "Succeeded")=+k8s:memberOf(group: terminalStatus)
	// +k8s:listMapItem(type: "Failed")=+k8s:memberOf(group: terminalStatus)
	Conditions []Condition `json:"conditions"`

	// +k8s:optional
	// +k8s:memberOf(group: probes)
	HTTP *string `json:"http"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:listMapItem(pairs: "type")=+k8s:immutable
	Others []Condition `json:"others"`
}

type Condition struct {
	// +k8s:required
	Type string `json:"type"`
	// +k8s:optional
	Status string `json:"status"`
}
