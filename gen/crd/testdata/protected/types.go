// Package protected is in a *.k8s.io group, which kube-apiserver protects:
// its CRDs need the api-approved.kubernetes.io annotation, which no marker
// here gives.
//
// +groupName=widgets.k8s.io
package protected

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +optional
	Size int32 `json:"size,omitempty"`
}
