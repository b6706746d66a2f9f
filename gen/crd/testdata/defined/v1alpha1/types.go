// Package v1alpha1 declares its kind as v1's, as Gateway API's older
// versions do.
//
// +groupName=defined.example.com
package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "github.com/kval-dev/kval/gen/crd/testdata/defined/v1"
)

// +kubebuilder:object:root=true
type Thing v1.Thing

// metav1 is imported for the root marker's sake: kinds embed its types.
var _ metav1.TypeMeta
