package crossfield

// Count is a named integer type, compared with plain int32 fields.
type Count int32

// Config follows KEP-5073's field path example.
type Config struct {
	// +k8s:optional
	MinValue int32 `json:"minValue"`
	// +k8s:optional
	MaxValue *int32 `json:"maxValue"`

	// Current lies between its siblings and below limits.ceiling, and is
	// never negative: a numeric bound beside a field reference.
	// +k8s:optional
	// +k8s:minimum=0
	// +k8s:minimum(constraint: minValue)
	// +k8s:maximum(constraint: maxValue)
	// +k8s:beta(since: "1.36")=+k8s:exclusiveMaximum(constraint: limits.ceiling)
	Current int32 `json:"current"`

	// Spare may not exceed maxValue either; the rule is alpha.
	// +k8s:optional
	// +k8s:alpha(since: "1.36")=+k8s:maximum(constraint: maxValue)
	Spare *Count `json:"spare"`

	// +k8s:optional
	Limits *LimitConfig `json:"limits"`

	// Note is read by no rule: changing it re-validates none of them.
	// +k8s:optional
	Note string `json:"note"`
}

// LimitConfig is a nested struct holding a limit.
type LimitConfig struct {
	// +k8s:optional
	// +k8s:beta(since: "1.36")=+k8s:exclusiveMinimum(constraint: floor)
	Ceiling int32 `json:"ceiling"`
	// +k8s:optional
	Floor int32 `json:"floor"`
}
