// Package registry shows a Kubernetes-style API type registered with a
// runtime.Scheme, so that a strategy validates it through the scheme, with a
// status subresource.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
package registry

import "k8s.io/apimachinery/pkg/runtime"

var localSchemeBuilder = runtime.SchemeBuilder{}

// AddToScheme adds the package's validations to a scheme.
var AddToScheme = localSchemeBuilder.AddToScheme
