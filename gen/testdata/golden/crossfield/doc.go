// Package crossfield shows KEP-5073's cross-field comparisons: bounds whose
// limit is another field, named by a field path relative to the struct
// (a sibling, or a field of a nested struct), hoisted to that struct and
// ratcheted over the fields they read.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package crossfield
