// Package conditions shows rules behind validation options under
// KEP-5073's tag names, +k8s:ifOptionEnabled and +k8s:ifOptionDisabled,
// beside upstream's +k8s:ifEnabled alias.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package conditions
