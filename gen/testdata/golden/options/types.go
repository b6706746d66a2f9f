package options

// Job has gated and staged rules.
type Job struct {
	// Parallelism is limited unless the HighParallelism option is on.
	// +k8s:optional
	// +k8s:ifDisabled(HighParallelism)=+k8s:maximum=10
	// +k8s:ifEnabled(HighParallelism)=+k8s:maximum=1000
	Parallelism int32 `json:"parallelism"`

	// +k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:maxLength=10
	Label string `json:"label"`

	// +k8s:optional
	// +k8s:beta=+k8s:minimum=1
	Retries int32 `json:"retries"`
}
