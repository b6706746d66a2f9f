// Package options has a bad generator option.
//
// +k8s:validation-gen=TypesWithFeld=TypeMeta
// +k8s:validation-gen-test-fixture=validateTrue
package options
