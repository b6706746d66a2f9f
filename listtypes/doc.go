// Package listtypes checks the invariants of x-kubernetes-list-type as
// kube-apiserver does for custom resources (listtype.ValidateListSetsAndMaps):
// the items of a set are unique, and the items of a map are objects (or null)
// whose x-kubernetes-list-map-keys are unique. Errors are field.Duplicate at
// the second occurrence of a value, with kube-apiserver's paths and bad
// values, and field.Invalid for a map item that is not an object.
//
// Items compare as kube-apiserver compares them: scalars as Go values (an
// integer differs from the equal number), objects and arrays by their JSON
// encoding (where 1 and 1.0 are the same).
//
// Compile keeps only the parts of a schema that lead to a set or map list,
// so objects are walked only where something can fail.
//
// ValidateContext and ValidateUpdateContext stop once the request's context
// ends (checked every 1024 values), with an incomplete answer the caller must
// replace by the context's error.
//
// On update kube-apiserver ratchets list types as a whole: the new object's
// errors count only when the old object had none. ValidateUpdate returns
// them as Ratcheted otherwise.
package listtypes
