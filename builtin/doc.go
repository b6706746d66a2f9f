// Package builtin holds the OpenAPI v3 schemas of the built-in kinds of
// Kubernetes (Deployments, Services, ConfigMaps: every kind a manifest can
// create in a built-in API group), per Kubernetes minor version, embedded
// in kval compressed, and describes each kind as the CustomResourceDefinition
// that would serve it, so that the engine validates built-in kinds as it
// validates custom resources. Package catalog serves them
// (catalog.Options{Builtins: set}) for the groups no CRD defines.
//
// # Where the schemas come from
//
// data/kubernetes-<minor>.json.gz is written by internal/gen (go generate)
// from the OpenAPI v3 documents a Kubernetes release publishes
// (api/openapi-spec/v3 of the k8s.io/kubernetes module, fetched with
// `go mod download`): the same documents kube-apiserver serves at
// /openapi/v3. The generator keeps what validation needs and rewrites what
// kval's structural schemas say differently: references ($ref, and a
// reference wrapped in allOf to carry a default) stay references, resolved
// into shared schemas when a kind is first used; IntOrString becomes
// x-kubernetes-int-or-string; RawExtension, FieldsV1 and apiextensions'
// JSON keep unknown fields; a `default: {}` beside a reference to a type
// whose JSON is not an object is dropped; base64 strings may be empty;
// descriptions and the strategic-merge-patch extensions are dropped; the
// recursion of JSONSchemaProps is cut (the nested levels of a CRD's schema
// are not checked by the schema; see below). Only the kinds served by a
// resource of their own are listed (not Status, DeleteOptions, Scale,
// Eviction or lists), with the scope and resource their paths give.
// Ten minors are embedded, 1.27 (v1.27.16: 70 kinds) to 1.36 (v1.36.3: 95
// kinds), each from the newest patch release the Go module proxy serves.
// Their definitions are deduplicated: data/definitions.json.gz holds each
// definition once per distinct form (820 definitions, 1,068 forms, 25 KB
// compressed), and each data/kubernetes-<minor>.json.gz only its kinds and
// the form of each definition it uses (4 to 6 KB): 76 KB in all, against
// 183 KB as ten files of their own, and kval's binary is 37 KB larger than
// with 1.35 and 1.36 alone (36,413,602 to 36,450,466 bytes, go build
// -trimpath -ldflags=-s). Every minor is generated at once, by the
// go:generate line in generate.go (a second each once its module, 20 MB,
// is downloaded); a version is added there. A minor kval does not
// embed is an error only for the objects of built-in groups that need it.
//
// # What the schemas are for
//
// The schemas find a built-in object's unknown fields (errors under strict
// field validation, pruned with a warning otherwise) and validate its
// status subresource. Everything else kube-apiserver does with a built-in
// kind (decoding into its Go type, defaulting, the registry strategy's
// preparation and validation, on create and on update) is package
// strategy's, with kube-apiserver's own code, wherever a catalog is given
// strategy.ForKind (catalog.Options.Native: kval validate, kvaltest). A
// catalog without it validates built-in kinds as kubectl-validate does,
// with the published schema alone: types, required fields, enums, formats,
// list types, metadata as for a custom resource; that passes a Deployment
// whose selector does not match its template's labels (docs/builtins.md).
// A CustomResourceDefinition object also gets kval lint's verdict on
// create, which is kube-apiserver's.
package builtin
