// Package startgc sets kval's garbage collection percent while the
// process's packages initialize. Initializing them allocates about 3 MB
// (kube-apiserver's CEL libraries, their metrics registry, the OpenAPI
// formats), which at Go's default percent started a collection while
// they initialized, in every kval process: a tenth of a one-file `kval
// validate` (33.1 → 29.4 ms without it; issue 30). It imports nothing but the standard library's os and
// runtime/debug, so that Go initializes it before the large packages
// (packages are initialized by import path as soon as what they import
// is: see the Go specification, "Package initialization").
package startgc
