// Package required shows +k8s:required, +k8s:optional and +k8s:forbidden on
// every shape of field, and how +default changes +k8s:optional.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package required
