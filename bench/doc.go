// Package bench holds side-by-side benchmarks: each runs the same inputs
// through kval and through the upstream Kubernetes implementation in one
// `go test -bench` run, reporting ns/op and allocs/op for both.
//
// It is a separate Go module so that the main module never depends on the
// systems it is compared against.
package bench
