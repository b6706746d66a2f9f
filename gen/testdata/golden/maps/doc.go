// Package maps shows rules on map keys and values, and map typedefs.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package maps
