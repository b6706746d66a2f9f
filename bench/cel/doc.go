// Package cel benchmarks x-kubernetes-validations, kval against upstream,
// side by side in one run, on every gateway-api example (decoded as
// kube-apiserver decodes it) as a create and as a no-op update:
//
//   - Stage: the CEL validator alone (kval's celrules, upstream's
//     apiextensions-apiserver cel.Validator, with ratcheting on update as
//     the custom resource strategy does);
//
//   - Pipeline: the whole request, CEL included: kval's engine against
//     upstream's decoding (coercion, pruning, defaulting) and custom
//     resource strategy (prepare, validate, warnings).
//
//     go test -run '^$' -bench . -benchmem ./cel | go run ./cmd/ratio
package cel
