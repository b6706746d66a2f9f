// Package v1 declares types as other named types, `type A B`, as Gateway
// API does: A keeps B's markers and its fields' markers.
//
// +groupName=defined.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:validation:MaxLength=5
type Name string

// HeaderName is a Name with a marker of its own.
//
// +kubebuilder:validation:MinLength=1
type HeaderName Name

type ThingSpec struct {
	// +required
	Zeta HeaderName `json:"zeta,omitempty"`
	// +required
	Alpha string `json:"alpha,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:storageversion
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +optional
	Spec ThingSpec `json:"spec,omitempty"`
}
