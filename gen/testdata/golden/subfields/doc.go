// Package subfields shows +k8s:subfield: rules on a field of a struct
// declared where the struct is used, e.g. to give an embedded shared struct
// stricter rules.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package subfields
