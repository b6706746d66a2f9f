// Package imports keeps, in this module's go.mod and go.sum, Kueue v0.17.0
// with the dependencies of its own go.mod (k8s.io/api v0.35.3, whose
// PodTemplateSpec its CRDs embed), so that package projectcrd generates
// from the same types controller-gen read.
package imports

import (
	_ "sigs.k8s.io/kueue/apis/kueue/v1alpha1"
	_ "sigs.k8s.io/kueue/apis/kueue/v1beta1"
	_ "sigs.k8s.io/kueue/apis/kueue/v1beta2"
)
