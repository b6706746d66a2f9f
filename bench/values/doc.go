// Package values benchmarks kube-apiserver's value validation of custom
// resources (OpenAPI schema validation and list types), kval against
// upstream, on create and update of every corpus example.
//
//	go test -run '^$' -bench . -benchmem ./values | go run ./cmd/ratio
package values
