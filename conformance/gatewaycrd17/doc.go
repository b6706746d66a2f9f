// Package gatewaycrd17 runs package compare (conformance/gatewaycrd/compare)
// on Gateway API v1.7.0, the version of testdata/corpus/gateway-api: the
// experimental channel, and the standard channel (the released
// config/crd/standard); the examples are the module's, the invalid
// examples the corpus's (testdata/corpus/gateway-api/invalid-examples).
package gatewaycrd17
