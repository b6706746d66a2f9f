// Package linted has markers whose misuse only kube-apiserver's checks of
// the generated CRD catch: the problems are reported at the markers.
//
// +groupName=linted.example.com
package linted

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

// +kubebuilder:validation:XValidation:rule="self.replicas > 0",message="positive"
// +kubebuilder:validation:XValidation:rule="self.replicas >",message="broken"
type WidgetSpec struct {
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
	// +optional
	// +immutable=AddOnly
	List []string `json:"list,omitempty"`
}
