// Package gatewaycrd17 runs package compare (conformance/gatewaycrd/compare)
// on Gateway API v1.7.0, the version of testdata/corpus/gateway-api.
package gatewaycrd17
