// Package pruning benchmarks kube-apiserver's decoding of custom resources
// (pruning, null pruning, embedded object meta, defaulting), kval against
// upstream, on every object of the corpus.
package pruning
