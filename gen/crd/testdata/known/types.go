// Package known uses the types whose JSON form is not their Go structure,
// and the scale subresource, to compare with controller-gen's schemas.
//
// +groupName=known.example.com
package known

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.selector
type Pool struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              PoolSpec   `json:"spec"`
	Status            PoolStatus `json:"status,omitempty"`
}

type PoolSpec struct {
	Replicas int32              `json:"replicas"`
	Data     []byte             `json:"data,omitempty"`
	Size     resource.Quantity  `json:"size,omitempty"`
	Limit    *resource.Quantity `json:"limit,omitempty"`
	Timeout  metav1.Duration    `json:"timeout,omitempty"`
	At       metav1.MicroTime   `json:"at,omitempty"`
}

type PoolStatus struct {
	Replicas int32  `json:"replicas,omitempty"`
	Selector string `json:"selector,omitempty"`
}
