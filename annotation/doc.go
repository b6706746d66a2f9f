// Package annotation moves kval's schema extensions, x-kubernetes-mutability
// and x-kubernetes-key-mutability, between a CustomResourceDefinition's
// schemas and an annotation on the CRD, and back.
//
// # Why
//
// kube-apiserver does not know the extensions: it drops unknown fields from
// a CRD's schema when it stores it, and since 1.25 kubectl apply (strict
// field validation) rejects such a CRD outright. So the extensions of a CRD
// as written never reach the cluster. An annotation does: Pack turns the CRD
// as written into one kube-apiserver accepts and keeps whole
// ("kubectl apply -f <(kval annotate crd.yaml)"), and Unpack turns the live
// CRD (as kval's admission webhook sees it through an informer) back into the
// CRD as written, which schema.DecodeCRD loads with its extensions. Unpack of
// Pack of a CRD is the CRD itself.
//
// # The annotation
//
// Key ("kval.dev/schema-extensions") on metadata.annotations holds one line
// of JSON: an object keyed by schema, then by JSON Pointer (RFC 6901, with ~
// and / in property names escaped as ~0 and ~1) into that schema's
// openAPIV3Schema, then by keyword, with the keyword's value:
//
//	{"v1":{"/properties/spec/properties/engine":{"x-kubernetes-mutability":"Immutable"},
//	       "/properties/spec/properties/migrations":{"x-kubernetes-key-mutability":"AddOnly"},
//	       "/properties/spec/properties/migrations/items":{"x-kubernetes-mutability":"Immutable"}}}
//
// (one line in the annotation). A schema is named by its version's name for
// spec.versions[*].schema.openAPIV3Schema, and by "spec.validation"
// (TopLevelSchema) for a v1beta1 CRD's top-level spec.validation
// .openAPIV3Schema; version names cannot contain a dot, so the two never
// collide. Keys are sorted, so the same CRD always packs to the same
// annotation. Values are strings, or null where the CRD gives null.
//
// # What counts as an extension
//
// The whole schema is walked generically: every object reached is a schema,
// whatever keyword leads to it (properties, items, additionalProperties,
// allOf, anyOf, oneOf, not, and keywords kval does not know), and arrays are
// walked by index. Two kinds of values are not schemas, and a key named
// x-kubernetes-mutability there is not the extension: the values of default,
// example and enum (JSON data), and the maps of properties,
// patternProperties, definitions and dependencies (their keys are names; their
// values are schemas again). Unpack accepts a pointer only where Pack could
// have written it.
//
// # Errors, never silent changes
//
// Pack refuses a CRD that has the annotation and still has extensions in its
// schemas (packing would overwrite the annotation; a CRD without extensions
// is returned unchanged), an extension whose value is neither a string nor
// null, and extensions in a version without a name or whose name is used
// twice. Unpack refuses malformed JSON, keywords other than the two
// extensions, pointers that do not resolve to a schema object, and a
// keyword that is already in the schema with another value. Errors name
// the CRD, and the version and pointer concerned.
//
// Pack changes nothing but the extensions and the annotation. So the
// per-version schemas of a v1beta1 CRD that differ only in their extensions
// come out identical, which v1beta1 forbids; kval lint already reports
// extensions in v1beta1 CRDs, which the specification allows only in v1.
//
// Pack adds metadata.annotations when the CRD has none; Unpack removes it
// when the annotation was its only entry (kube-apiserver does not keep an
// empty map either).
//
// The package is pure: both functions work on deep copies of unstructured
// CRDs (apiextensions.k8s.io/v1 and v1beta1, as package manifest decodes
// them) and leave their argument alone.
package annotation
