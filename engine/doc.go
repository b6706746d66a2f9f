// Package engine compiles one version of a CustomResourceDefinition into a
// Validator and runs kube-apiserver's custom-resource pipeline with it, one
// request at a time: Validator.Validate(ctx, Request).
//
//	decode:   type-check apiVersion/kind/metadata, prune unknown fields,
//	          drop non-nullable nulls, coerce embedded resources, default
//	          (Request.FieldValidation Strict refuses unknown fields here)
//	prepare:  what the registry and the strategy change before validation
//	          (status reset, generation, generated names, system fields)
//	validate: the steps of pipeline.go, in order: kube-apiserver's checks
//	          (registry and strategy: metadata, values, scale, embedded
//	          resources, list types, x-kubernetes-validations), then kval's
//	          own (the mutability extensions), then the checks of
//	          Options.Extensions; kval's run only when kube-apiserver's
//	          found nothing, as kube-apiserver calls a validating webhook
//	          only for requests its own validation accepted, unless
//	          Request.KvalChecksAfterErrors asks for both rounds at once
//	          (kval validate in CI; Result.KvalErrors names kval's errors)
//
// Each step names the requests it applies to (create, update, status
// update) and who performs it in a cluster, so an update-only check is one
// entry in the list, and Scope BeyondKubeAPIServer runs only what
// kube-apiserver does not (an admission webhook's job). On updates the old
// object is decoded too and correlated with the new one; ratcheting (KEP-4008)
// moves errors on unchanged values to Result.Ratcheted.
//
// Every frontend answers with the result's one mapping to kube-apiserver's
// answer, Result.Err: nil, 400 BadRequest (the decoder refused the body),
// or 422 Invalid with one cause per error; Result.ResponseWarnings are the
// warnings that go with it, accepted or not. kval's own remarks that
// kube-apiserver does not send (a status dropped past the status
// subresource) are Result.Notes, apart from the warnings as data.
//
// A request's context bounds its work: decoding (pruning, dropping nulls,
// defaulting, reading back), value and list-type validation, CEL and the
// mutability extensions stop once it ends, and Validate then returns its
// error with a Result that carries an internal error and no object, never
// one that reads as allowed.
//
// Everything that depends only on the schema is computed once in Compile; the
// per-object path walks the object and nothing else.
package engine
