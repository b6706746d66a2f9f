// Package shapes has Go shapes the generator cannot validate. A shape is
// reported only where something would have to be validated in it.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package shapes
