// Package defaults applies the defaults of a structural schema to an object,
// after pruning, as kube-apiserver does when it decodes a custom resource:
//
//   - PruneNulls removes null values of fields that are neither nullable nor
//     defaulted (kube-apiserver's PruneNonNullableNullsWithoutDefaults).
//   - Default sets every missing field that has a default, and every null
//     field that is not nullable, to a copy of the default, inside items and
//     additionalProperties too.
//
// DefaultContext and PruneNullsContext stop once the request's context ends
// (checked every 1024 values), leaving the object changed in part: the
// caller must return the context's error.
//
// Compile prepares a schema once: the default values it uses are the
// apiserver's served defaults, that is, each default pruned as part of the
// object around it (unknown fields and unknown metadata fields removed), so an
// object is never defaulted with something pruning would have removed. Each
// is served on its first use (lazy.go): a built-in kind's schema holds
// hundreds of defaults, most of which an object never reaches.
package defaults
