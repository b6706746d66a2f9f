// Package dependencies shows rules between sibling fields.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package dependencies
