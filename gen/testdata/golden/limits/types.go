package limits

// Pool has bounded fields.
type Pool struct {
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=100
	Replicas int32 `json:"replicas"`
	// +k8s:optional
	// +k8s:maximum=65535
	Port uint16 `json:"port"`
	// +k8s:optional
	// +k8s:minLength=3
	// +k8s:maxLength=5
	Name string `json:"name"`
	// +k8s:optional
	// +k8s:maxBytes=4
	Code string `json:"code"`
	// +k8s:optional
	// +k8s:minItems=1
	// +k8s:maxItems=3
	// +k8s:eachVal=+k8s:maxLength=2
	Zones []string `json:"zones"`
	// +k8s:optional
	// +k8s:minProperties=1
	// +k8s:maxProperties=2
	// +k8s:eachKey=+k8s:maxLength=3
	Tags map[string]string `json:"tags"`
	// +k8s:optional
	Weight Weight `json:"weight"`
}

// Weight is a percentage.
// +k8s:minimum=0
// +k8s:maximum=100
type Weight int
