// Package oneofbad misuses the OneOf markers.
//
// +groupName=oneofbad.example.com
package oneofbad

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

// +kubebuilder:validation:ExactlyOneOf=a;Tracing
// +kubebuilder:validation:AtMostOneOf
type WidgetSpec struct {
	A string `json:"a,omitempty"`
	// +kubebuilder:validation:AtLeastOneOf=a
	Tracing *string `json:"tracing,omitempty"`
	Label   Name    `json:"label,omitempty"`
}

// +kubebuilder:validation:AtLeastOneOf=a
type Name string
