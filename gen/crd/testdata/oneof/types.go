// Package oneof uses controller-gen's AtMostOneOf, ExactlyOneOf and
// AtLeastOneOf markers, written before an XValidation marker and out of
// controller-gen's order, to check the rules and where they go.
//
// +groupName=oneof.example.com
package oneof

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

// +kubebuilder:validation:AtLeastOneOf=tracing
// +kubebuilder:validation:AtLeastOneOf=a;b
// +kubebuilder:validation:ExactlyOneOf=caCertificateRefs;wellKnownCACertificates
// +kubebuilder:validation:AtMostOneOf=a;b;tracing
// +kubebuilder:validation:XValidation:rule="self.a != 'x'",message="a is not x"
type WidgetSpec struct {
	A                       string   `json:"a,omitempty"`
	B                       string   `json:"b,omitempty"`
	Tracing                 *Tracing `json:"tracing,omitempty"`
	CACertificateRefs       []string `json:"caCertificateRefs,omitempty"`
	WellKnownCACertificates string   `json:"wellKnownCACertificates,omitempty"`
}

type Tracing struct {
	Rate int32 `json:"rate,omitempty"`
}
