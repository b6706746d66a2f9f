// Package custom shows +k8s:customValidation, which calls hand-written
// functions from the generated code, and +k8s:opaqueType, which skips the
// rules of a type.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package custom
