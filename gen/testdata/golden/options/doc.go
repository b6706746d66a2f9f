// Package options shows rules that depend on validation options (feature
// gates) and rules marked alpha or beta, whose errors a rollout layer can
// shadow.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package options
