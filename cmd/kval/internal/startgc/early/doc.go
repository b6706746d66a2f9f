// Package early sets startgc.LessPercent while the kval process's
// packages initialize. Initializing them allocates about 3 MB
// (kube-apiserver's CEL libraries, their metrics registry, the OpenAPI
// formats), which at Go's default percent started a collection while
// they initialized, in every kval process: a tenth of a one-file `kval
// validate` (33.1 → 29.4 ms without it; issue 30). It imports nothing
// but startgc, which imports only the standard library's os and
// runtime/debug, so that Go initializes it before the large packages
// (packages are initialized by import path as soon as what they import
// is: see the Go specification, "Package initialization"). Only
// cmd/kval imports it: test binaries that import the CLI keep Go's
// default (the CLI's hostile-input suite measures its children's memory,
// which on Linux starts from the test process's own).
package early
