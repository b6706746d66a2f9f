// Package gatewaycrd runs package compare on Gateway API v1.6.3 (the
// sigs.k8s.io/gateway-api module this module requires): kval's CRDs of its
// Go types equal the released experimental CRDs but for the differences
// of differences_test.go (compare_test.go), and the module's examples and
// invalid examples (hack/invalid-examples, the files of the corpus's
// invalid-examples) get the same verdicts and errors with both sets
// (examples_test.go); its standard channel equals the released standard
// CRDs the same way.
// conformance/gatewaycrd17 does the same for v1.7.0.
package gatewaycrd
