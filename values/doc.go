// Package values is kval's OpenAPI value validation of custom resources: the
// checks kube-apiserver runs with kube-openapi's schema validator on create
// and update, with the same field paths, error types, details and bad values
// (type, nullable, enum, required, string lengths in characters, pattern,
// numeric bounds and multipleOf, item and property counts, uniqueItems,
// additionalProperties, allOf/anyOf/oneOf/not, and every format kube-apiserver
// checks), and ratcheting (KEP-4008) on update.
//
// Compile turns a schema into a Validator once; everything that depends only
// on the schema (type sets, format checkers, compiled patterns, enum
// renderings, sorted properties, which bounds are themselves out of range for
// the declared type) is computed there. Validate and ValidateUpdate then only
// walk the value: no reflection and no regex compilation; a valid object costs
// next to no allocation (errors are built only when reported: the branches
// of anyOf, oneOf and not are probed without building them).
//
// ValidateContext and ValidateUpdateContext stop once the request's context
// ends (checked every 1024 values, internal/walkstop), with an incomplete
// answer the caller must replace by the context's error.
//
// CompileDefault compiles a schema the other way kube-apiserver does: to
// check the defaults of a CRD being created, upstream converts the
// structural schema of the node declaring the default (ToKubeOpenAPI), not
// the CRD's JSON schema, and that conversion keeps every format, leaves
// x-kubernetes-int-or-string untyped and drops additionalProperties under
// allOf, anyOf, oneOf and not. Both compilations produce the same kind of
// Validator, walked by the same code; Defaults plugs CompileDefault into
// package lint.
//
// # Faithfulness to kube-apiserver
//
// Upstream's quirks are kept on purpose, because users must see what the
// apiserver would say: validators run by the value's JSON kind, not by the
// declared type (a string with maxLength given an integer still gets its
// enum checked); a format replaces the type name in some type errors
// ("must be of type int32"); bounds are compared as integers truncated from
// the schema's float for integer values; an integer matches an enum string
// holding its code point; errors that kube-openapi reports without a field
// name carry the caller's path (for a custom resource, the nil path
// "<nil>"); identical messages are reported once. anyOf and oneOf report the
// errors of the branch with the most successful checks, counted as
// kube-openapi counts them.
//
// Where upstream's order is random (Go map iteration over properties and
// object keys), kval reports in sorted key order.
//
// # Ratcheting
//
// ValidateUpdate correlates the new value with the old one as kube-apiserver
// does: object properties by name, additionalProperties entries by key, items
// of x-kubernetes-list-type=map lists by their x-kubernetes-list-map-keys;
// nothing through atomic or set lists, and not the root's apiVersion and
// kind. After a correlated node is validated, if it produced errors and its
// value is unchanged from the old one (compared as upstream's
// CorrelatedObject.CachedDeepEqual does), its errors are ratcheted: returned
// in Result.Ratcheted instead of Result.Errors.
package values
