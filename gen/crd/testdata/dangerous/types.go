// Package dangerous has a float, which only AllowDangerousTypes accepts,
// and a template's ObjectMeta, which GenerateEmbeddedObjectMeta describes.
//
// +groupName=dangerous.example.com
package dangerous

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Runner struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              RunnerSpec `json:"spec"`
}

type RunnerSpec struct {
	Ratio    float64  `json:"ratio"`
	Template Template `json:"template"`
}

type Template struct {
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Image             string `json:"image"`
}
