// Package formats shows every +k8s:format.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package formats
