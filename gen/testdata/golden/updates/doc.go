// Package updates shows rules on updates: immutability, fine-grained
// update constraints, monotonic counters, and ratcheting (unchanged values
// are not validated again).
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package updates
