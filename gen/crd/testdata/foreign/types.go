// Package foreign carries a marker of another tool, Gateway API's
// gateway:experimental, which is a problem unless the run ignores its
// prefix.
//
// +groupName=foreign.example.com
package foreign

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Thing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +gateway:experimental
	// +optional
	Spec *ThingSpec `json:"spec,omitempty"`
}

type ThingSpec struct {
	// +optional
	Size int32 `json:"size,omitempty"`
}
