// Package upstream runs inputs through the upstream Kubernetes libraries the
// way kube-apiserver does, for the differential tests and the benchmarks:
// CRDs decoded, defaulted and converted to the internal form, the structural
// schema served for each version, and the decoding of custom resources.
package upstream
