// Package lint gives the full create-time verdict on a CustomResourceDefinition:
// everything kube-apiserver rejects when the CRD is created.
//
// It composes the checks of package schema (names, versions, structural
// schemas, list and map types, extension placement, ...) with the checks of
// defaults that need the pruning and object-meta stages, at the place and
// with the gating kube-apiserver uses (structuraldefaulting.ValidateDefaults):
// defaults are checked only in schemas without structural errors, and errors
// in defaults switch off the compilation of x-kubernetes-validations rules.
//
// Every default is checked by these steps, stopping at the first that fails:
//
//   - Outside apiVersion, kind and metadata of a resource: the default must
//     already be pruned ("must not have unknown fields"); then apiVersion,
//     kind and metadata of the resources in it are coerced and validated
//     (objectmeta); then its value is validated against the schema
//     (Options.Values) and against the x-kubernetes-validations rules
//     (Options.DefaultRules).
//   - Inside apiVersion, kind or metadata: the default is put into an object
//     of kind Validation, whose apiVersion, kind and metadata must be valid
//     ("must result in valid metadata"); then the value checks above.
//
// Two stages come from other packages and plug in through Options: value
// validation of defaults (package values, with the schema conversion upstream
// uses for defaults, not the one of custom resources) and CEL (package
// celrules), both for defaults and for compiling rules. The zero Options use
// kval's own stages, so every caller gets the full verdict unless it replaces
// a stage on purpose.
//
// WarningsOnCreate gives the warnings kube-apiserver returns with a CRD it
// accepts: formats it ignores for their type, and set lists of objects or
// arrays.
package lint
