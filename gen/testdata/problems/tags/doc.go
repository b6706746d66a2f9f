// Package tags has misused tags: every one must be reported, with its
// position, the tag, what is wrong and how to fix it.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package tags
