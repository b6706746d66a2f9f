// Package typedefs has typedef chains that hide or repeat tags
// (KEP-5073, "typedef chains"): each is reported with a fix; the
// chains written correctly are not.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package typedefs
