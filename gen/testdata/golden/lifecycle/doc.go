// Package lifecycle shows KEP-5073's rule lifecycle: +k8s:alpha and
// +k8s:beta prefixes with since and owner, standard rules, and a field
// exempt from the lifecycle lint. The generated code marks each rule's
// errors; package rollout turns marks and gates into a verdict.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package lifecycle
