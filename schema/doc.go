// Package schema is kval's model of CustomResourceDefinition schemas.
//
// It owns three things:
//
//   - The model: Schema, one node of an OpenAPI v3 schema with every keyword
//     a CRD accepts, every x-kubernetes-* extension and kval's
//     x-kubernetes-mutability / x-kubernetes-key-mutability (seed 000); and CRD,
//     a CustomResourceDefinition in the apiserver's internal form (v1 and
//     v1beta1 both load into it, defaulted and converted as kube-apiserver
//     does, so per-version schemas that are all identical become the top-level
//     validation, as they do in kube-apiserver's error paths).
//   - Loading: Parse reads one schema document, LoadFiles reads CRDs (v1 and
//     v1beta1, YAML or JSON, multi-document files, directories) and bare
//     schemas. Decoding is strict: a keyword or field the model does not know
//     is an error that names its path; nothing is silently dropped.
//     LoadFilesDeferred leaves undecoded the CRDs whose group and kind
//     ScanCRDIdentity reads from their text (exact, or it declines).
//   - Checks: the rules kube-apiserver enforces on a CRD when it is created
//     (structural schemas, list and map types, metadata restrictions,
//     embedded resources, int-or-string, patterns, pruned defaults, names,
//     versions, subresources, printer columns, conversion), with upstream's
//     field paths, error types and messages; plus the placement rules of the
//     mutability extensions from seed 000. They are a building block:
//     package lint plugs in the checks of defaults and of CEL rules
//     (CheckOptions), and lint.CheckCRD is the verdict on a CRD. A version
//     equal to one that passed but for what no check reads passes
//     unchecked when CheckOptions.ReuseVerdicts allows it.
//     CompilePattern compiles a pattern once for the check and for package
//     values, which validates strings with it.
//
// Every other stage (prune, defaults, values, ...) reads the model and never
// changes it.
package schema
