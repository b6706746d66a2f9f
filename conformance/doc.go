// Package conformance holds kval's differential tests: the same inputs go
// through kval and through the upstream Kubernetes libraries kval reproduces
// (k8s.io/apiextensions-apiserver, k8s.io/code-generator), and the verdicts,
// field paths, error types and messages must be identical.
//
// It is a separate Go module so that the main module never depends on the
// systems it is compared against. Each subpackage covers one stage; run them
// all with `go test ./...` from this directory.
package conformance
