// Package v1 is the Go form of the example Database API (examples/crd.yaml):
// `kval gen crd ./examples/api/...` generates the CRD from these types, with
// seed 000's +immutable markers, +k8s: tags and controller-gen's markers.
// examples/crd.yaml is that output, byte for byte (gen/crd's
// TestExampleIsTheGeneratedCRD checks it and regenerates it with -update):
// change these types, not the YAML.
//
// +groupName=example.kval.dev
package v1
