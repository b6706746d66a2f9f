// Package enums shows +k8s:enum with excluded and option-dependent values,
// and +k8s:neq.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package enums
