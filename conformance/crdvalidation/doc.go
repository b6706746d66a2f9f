// Package crdvalidation compares kval's create-time verdict on CRDs (package
// lint) with kube-apiserver's (validation.ValidateCustomResourceDefinition),
// on every CRD of the corpus, on crafted broken CRDs in testdata/ and in
// the CLI's fixtures (cmd/kval/internal/cli/testdata/lint/conformance), and on random
// CRDs. For a CRD both accept, the warnings of upstream's CRD strategy
// (WarningsOnCreate) are compared with lint.WarningsOnCreate. The unit table
// of values.CompileDefault (values/testdata/defaults.json) is run through
// upstream's validator of defaults too.
//
// Each input is decoded by both: by kval's loader, and by upstream's scheme
// (decode, defaults, conversion to the internal form, status reset as
// PrepareForCreate does, the metadata fields the apiserver clears on create
// cleared). The error lists must be equal as multisets of (type, field,
// rendered message including the bad value); upstream's order is random
// where it iterates maps.
//
// kval's side runs with every stage kval lint plugs in: value validation of
// defaults (package values, compiled with the conversion upstream uses for
// defaults, values.CompileDefault), and CEL (package celrules), which
// compiles x-kubernetes-validations rules, estimates their costs and
// evaluates them on defaults. Nothing is stood in for.
//
// The only errors left out of the comparison are kval's own about the
// mutability extensions (seed 000): upstream does not know these
// extensions, so they are stripped from the CRD before upstream sees it.
package crdvalidation
