package api

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Widget is the one kind of the round trip.
//
// +kubebuilder:object:root=true
type Widget struct {
	// +k8s:opaqueType
	metav1.TypeMeta `json:",inline"`
	// kube-apiserver validates metadata itself, before either side.
	// +k8s:opaqueType
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// +k8s:required
	Spec *WidgetSpec `json:"spec,omitempty"`
}

// WidgetSpec groups the tag families, one struct each.
type WidgetSpec struct {
	// +k8s:optional
	Bounds *Bounds `json:"bounds,omitempty"`
	// +k8s:optional
	Strings *Strings `json:"strings,omitempty"`
	// +k8s:optional
	Collections *Collections `json:"collections,omitempty"`
	// +k8s:optional
	Updates *Updates `json:"updates,omitempty"`
	// +k8s:optional
	Unions *Unions `json:"unions,omitempty"`
	// +k8s:optional
	Mutability *Mutability `json:"mutability,omitempty"`
	// +k8s:optional
	MutableCollections *MutableCollections `json:"mutableCollections,omitempty"`
}
