package api

// Strings covers lengths, sizes, formats, enums and +k8s:neq on strings.
// A format needs a +k8s:maxLength in a CRD: without it the format's rule
// exceeds kube-apiserver's cost budget.
//
// The alpha and beta tags are enforced here, as the CRD enforces every
// rule it has.
//
// +k8s:validation-gen-nolint
type Strings struct {
	// +k8s:optional
	// +k8s:minLength=2
	// +k8s:maxLength=8
	Code *string `json:"code,omitempty"`
	// +k8s:optional
	// +k8s:maxBytes=12
	Note *string `json:"note,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-short-name
	// +k8s:maxLength=253
	ShortName *string `json:"shortName,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-long-name
	// +k8s:maxLength=253
	LongName *string `json:"longName,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-label-value
	// +k8s:maxLength=253
	LabelValue *string `json:"labelValue,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-label-key
	// +k8s:maxLength=253
	LabelKey *string `json:"labelKey,omitempty"`
	// +k8s:optional
	// +k8s:format=k8s-uuid
	// +k8s:maxLength=64
	UID *string `json:"uid,omitempty"`
	// +k8s:optional
	// +k8s:neq="none"
	Mode *string `json:"mode,omitempty"`
	// +k8s:optional
	Color *Color `json:"color,omitempty"`
	// +k8s:forbidden
	Legacy *string `json:"legacy,omitempty"`
}

// Color is an enum of its constants, one excluded.
//
// +k8s:enum
type Color string

const (
	ColorRed   Color = "red"
	ColorGreen Color = "green"
	// +k8s:enumExclude
	ColorBlue Color = "blue"
)
