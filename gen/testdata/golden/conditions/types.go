package conditions

// Queue has gated limits.
type Queue struct {
	// Depth is limited unless the DeepQueues option is on.
	// +k8s:optional
	// +k8s:ifOptionDisabled(DeepQueues)=+k8s:maximum=100
	// +k8s:ifOptionEnabled(DeepQueues)=+k8s:maximum=10000
	Depth int32 `json:"depth"`

	// Name is bounded the upstream way.
	// +k8s:optional
	// +k8s:ifEnabled(ShortNames)=+k8s:maxLength=8
	Name string `json:"name"`
}
