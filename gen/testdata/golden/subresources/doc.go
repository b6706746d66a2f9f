// Package subresources shows rules that depend on the subresource a
// request is for (KEP-5073, Subresources).
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package subresources
