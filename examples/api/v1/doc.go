// Package v1 is the Go form of the example Database API (examples/crd.yaml):
// `kval gen crd ./examples/api/...` generates the CRD from these types, with
// seed 000's +immutable markers, +k8s: tags and controller-gen's markers.
//
// +groupName=example.kval.dev
package v1
