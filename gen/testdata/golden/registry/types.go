package registry

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is an API object.
// +k8s:supportsSubresource="/status"
type Widget struct {
	// Types of packages that are not generated must be declared opaque.
	// +k8s:opaqueType
	metav1.TypeMeta `json:",inline"`
	// +k8s:opaqueType
	metav1.ObjectMeta `json:"metadata"`

	Spec WidgetSpec `json:"spec"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	// +k8s:optional
	// +k8s:minimum=0
	Replicas *int32 `json:"replicas"`
}

// DeepCopyObject makes Widget a runtime.Object.
func (w *Widget) DeepCopyObject() runtime.Object {
	out := *w
	if w.Spec.Replicas != nil {
		r := *w.Spec.Replicas
		out.Spec.Replicas = &r
	}
	return &out
}
