// Package openapi builds the OpenAPI v3 documents kube-apiserver serves for
// custom resources at /openapi/v3/apis/<group>/<version>, from kval's model
// of CRDs, offline.
//
// # What a document holds
//
// For every served version of a CRD (BuildVersion), as apiextensions-apiserver's
// builder.BuildOpenAPIV3 with the options its openapiv3 controller passes
// (OpenAPI v3, selectable fields on: CustomResourceFieldSelectors is GA):
//
//   - The kind schema: the version's structural schema published as
//     kube-apiserver's ToKubeOpenAPI does after Unfold: every keyword and
//     x-kubernetes extension (booleans only when true), int-or-string
//     unfolded into anyOf: [{type: integer}, {type: string}] (or an allOf
//     entry holding it when the node has an anyOf of its own), and, inside
//     allOf/anyOf/oneOf/not, no additionalProperties (upstream's value
//     validations have none). At the root and in every embedded resource,
//     apiVersion, kind and metadata are the apiserver's (TypeMeta's
//     properties, a reference to ObjectMeta), whatever the CRD declares
//     there; embedded resources require kind and apiVersion. The schema
//     carries x-kubernetes-group-version-kind and, when the version has
//     selectable fields, x-kubernetes-selectable-fields. A version without
//     a schema is a bare object.
//   - The list schema (<ListKind> is a list of <Kind>).
//   - The routes: list (and list for all namespaces when namespaced),
//     create, deletecollection, read, replace, delete, patch, and read,
//     replace and patch of the status and scale subresources, with the
//     apiserver's operation IDs, tags, descriptions, parameters (from
//     apimachinery's option types), request bodies and responses.
//   - The standard definitions the above reference (see below).
//
// Build merges the documents of the CRDs of one group-version, as the
// apiserver serves them, and returns them sorted by group and version
// priority. Documents share keyword values (defaults, examples, enums)
// with the CRDs they come from; treat both as read-only.
//
// # kval's mutability extensions
//
// x-kubernetes-mutability and x-kubernetes-key-mutability (seed 000) are
// published as is, where the CRD writes them: seed 000 says they are
// published via OpenAPI as they are. Where the apiserver replaces a
// property with its own (apiVersion, kind and metadata of a resource), the
// extensions the CRD declares on that property stay on the replacement, so
// that no declared extension disappears (lint allows them on apiVersion and
// kind). Every other keyword is published exactly as upstream publishes it.
//
// # Standard definitions
//
// A document references ObjectMeta, ListMeta, Status, DeleteOptions, Patch
// and autoscaling/v1 Scale, and kube-apiserver includes their definitions
// (and those of the types they use) in every document, so that it stands
// alone. Upstream takes them from code openapi-gen generated into
// k8s.io/apiextensions-apiserver, which kval may not import. kval embeds
// them instead as standard_definitions.json, generated at development time
// from the Go types of k8s.io/apimachinery and k8s.io/api and from the
// kinds client-go's scheme registers, by conformance/openapi/stdgen (in the
// conformance module, because it needs k8s.io/api and client-go). The file
// is data, reviewed as a diff; it names the module versions it comes from,
// and conformance/openapi checks both that it is the generator's output and
// that every definition equals upstream's. So documents are complete and
// valid (every $ref resolves) and carry what a cluster built from those
// module versions serves: conformance/openapi finds kval's documents and
// upstream's byte-identical once encoded (encoding/json), apart from kval's
// own extensions. After updating apimachinery, api or client-go, regenerate
// the file.
//
// The parameters of the routes are read from apimachinery's option types
// (ListOptions, CreateOptions, ...) at run time by reflection, with their
// documentation (SwaggerDoc), as kube-apiserver reads them.
//
// # Inputs
//
// BuildVersion and Build read the CRD as given. kube-apiserver only serves
// CRDs that pass its create-time checks, so callers should check first with
// lint.CheckCRD, the verdict `kval lint` gives; `kval openapi` refuses CRDs
// that fail. For such CRDs kval and kube-apiserver agree on every structural schema. (For a
// non-structural schema, which no check-passing CRD has, kube-apiserver
// would publish a bare object; kval publishes the schema as written.)
//
// Two CRDs of one group-version that define the same component or serve
// the same path are an error: kube-apiserver would not establish the second.
package openapi
