// Package api is a realistic API type for the benchmarks: the same tags are
// turned into validation code by kval gen (package kvalgen) and by
// upstream's validation-gen (package upstreamgen).
package api
