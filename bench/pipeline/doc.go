// Package pipeline benchmarks whole custom resource requests, kval's engine
// against kube-apiserver's decoding, registry and strategy, on every corpus
// example: a create from the object as written and a no-op update of the
// stored object. Each runs with the CRD as written (CEL rules on) and with
// its x-kubernetes-validations removed (CEL off on both sides).
//
//	go test -run '^$' -bench . -benchmem ./pipeline | go run ./cmd/ratio
package pipeline
