package api

// Updates covers the transition tags.
//
// The alpha and beta tags are enforced here, as the CRD enforces every
// rule it has.
//
// +k8s:validation-gen-nolint
type Updates struct {
	// +k8s:optional
	// +k8s:immutable
	Name *string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:update=NoSet
	SetOnCreate *string `json:"setOnCreate,omitempty"`
	// +k8s:optional
	// +k8s:update=NoUnset
	KeepOnce *string `json:"keepOnce,omitempty"`
	// +k8s:optional
	// +k8s:update=NoModify
	Fixed *string `json:"fixed,omitempty"`
	// +k8s:optional
	// +k8s:monotonic
	Generation *int64 `json:"generation,omitempty"`
	// +k8s:optional
	Frozen *Frozen `json:"frozen,omitempty"`
}

// Frozen is immutable on the type.
//
// +k8s:immutable
type Frozen string
