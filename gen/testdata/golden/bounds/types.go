package bounds

// Autoscaler has open intervals.
type Autoscaler struct {
	// Target is a percentage in (0, 100).
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:exclusiveMinimum=0
	// +k8s:beta(since: "1.36")=+k8s:exclusiveMaximum=100
	Target int32 `json:"target"`

	// Delay is above -1; zero is allowed but means unset.
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:exclusiveMinimum=-1
	Delay *int64 `json:"delay"`
}
