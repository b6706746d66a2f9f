package api

// Unions covers unions and the dependent-field tags.
//
// The alpha and beta tags are enforced here, as the CRD enforces every
// rule it has.
//
// +k8s:validation-gen-nolint
type Unions struct {
	// +k8s:optional
	// +k8s:unionMember
	// +k8s:dependentRequired(mode)
	A *string `json:"a,omitempty"`
	// +k8s:optional
	// +k8s:unionMember
	// +k8s:dependentForbidden(c)
	B *string `json:"b,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	C *string `json:"c,omitempty"`
	// +k8s:optional
	// +k8s:zeroOrOneOfMember
	D *string `json:"d,omitempty"`
	// +k8s:optional
	Mode *string `json:"mode,omitempty"`
}
