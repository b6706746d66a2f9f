package api

// Bounds covers the numeric tags and +k8s:neq on integers.
//
// The alpha and beta tags are enforced here, as the CRD enforces every
// rule it has.
//
// +k8s:validation-gen-nolint
type Bounds struct {
	// +k8s:optional
	// +k8s:minimum=1
	// +k8s:maximum=9
	Replicas *int32 `json:"replicas,omitempty"`
	// +k8s:optional
	// +k8s:exclusiveMinimum=0
	// +k8s:exclusiveMaximum=100
	Percent *int32 `json:"percent,omitempty"`
	// +k8s:optional
	// +k8s:neq=0
	NonZero *int64 `json:"nonZero,omitempty"`
	// +k8s:optional
	// +k8s:minimum=-5
	Offset *int64 `json:"offset,omitempty"`
	// +k8s:optional
	Port *Port `json:"port,omitempty"`
}

// Port is bounded on the type, so every use carries the bounds.
//
// +k8s:minimum=1
// +k8s:maximum=65535
type Port int32
