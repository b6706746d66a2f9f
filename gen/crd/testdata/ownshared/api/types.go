// +groupName=own.example.com
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/gen/crd/testdata/ownshared/shared"
)

// +kubebuilder:object:root=true
type Assembly struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              shared.Part `json:"spec"`
}
