// Package cel benchmarks the x-kubernetes-validations stage alone, kval
// against upstream, side by side in one run, on every gateway-api example
// (decoded as kube-apiserver decodes it) as a create and as a no-op update:
// kval's celrules against upstream's apiextensions-apiserver cel.Validator,
// with ratcheting on update as the custom resource strategy does. Whole
// requests are benchmarked in package pipeline.
//
//	go test -run '^$' -bench . -benchmem ./cel | go run ./cmd/ratio
package cel
