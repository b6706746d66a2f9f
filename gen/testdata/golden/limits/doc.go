// Package limits shows the bounds on numbers, string lengths and the sizes
// of lists and maps, on fields, typedefs, list values and map keys.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package limits
