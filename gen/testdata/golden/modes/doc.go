// Package modes shows state-based rules: +k8s:ifMode applies a rule to a
// field only in one mode of the +k8s:modeDiscriminator, and forbids the
// field in modes it does not name.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package modes
