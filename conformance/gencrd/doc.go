// Package gencrd proves that `kval gen` and `kval gen crd` agree: the Go
// validation generated from tagged types (package kvalgen, from package
// api) and kval's engine on the CRD generated from the same types give the
// same verdicts, error types and field paths on fuzzed objects and updates
// (roundtrip_test.go). Messages are compared too, except for the tags
// mapped to OpenAPI keywords, whose errors carry kube-apiserver's wording;
// the tags whose semantics differ are listed in differences_test.go with the
// reason.
//
// Both generated artifacts are committed and checked to be up to date
// (generated_test.go): regenerate them with `go generate ./gencrd/...` from
// conformance/.
package gencrd

//go:generate go run github.com/kval-dev/kval/cmd/kval gen crd -o testdata/crd ./api
