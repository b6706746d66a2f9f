// Package v1 is the older version of Gadget: its short name and category
// must survive in the CRD although v2, of higher priority, gives the
// names.
//
// +groupName=multi.example.com
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=gd,categories=legacy
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +optional
	Size int32 `json:"size,omitempty"`
}
