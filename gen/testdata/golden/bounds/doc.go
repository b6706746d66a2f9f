// Package bounds shows KEP-5073's exclusive bounds, beyond upstream.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package bounds
