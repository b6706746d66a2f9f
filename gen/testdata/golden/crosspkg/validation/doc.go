// Package validation holds the generated validation of package api's
// types.
//
// +k8s:validation-gen=TypesWithField=TypeMeta
// +k8s:validation-gen-input=github.com/kval-dev/kval/gen/testdata/golden/crosspkg/api
// +k8s:validation-gen-scheme-registry=nil
package validation
