// Package crdvalidation compares kval's create-time verdict on CRDs (package
// lint) with kube-apiserver's (validation.ValidateCustomResourceDefinition),
// on every CRD of the corpus and on crafted broken CRDs in testdata/.
//
// Each input is decoded by both: by kval's loader, and by upstream's scheme
// (decode, defaults, conversion to the internal form, status reset as
// PrepareForCreate does, the metadata fields the apiserver clears on create
// cleared). The error lists must be equal as multisets of (type, field,
// rendered message including the bad value); upstream's order is random
// where it iterates maps.
//
// kval's side runs with the stages kval lint plugs in: CEL (package
// celrules) compiles x-kubernetes-validations rules, estimates their costs
// and evaluates them on defaults, and is compared with upstream's. The one
// stage kval lint does not plug in yet, value validation of defaults
// (package values), is stood in for by an oracle that answers with
// upstream's own errors for each default (ValidateCustomResource): so what
// that stage gates (rules on the default, rule compilation for the schema)
// is gated exactly as upstream, and no error is excluded from the comparison.
//
// kval's own errors about the mutability extensions (seed 000) are excluded
// too; upstream does not know these extensions, so they are stripped from
// the CRD before upstream sees it.
package crdvalidation
