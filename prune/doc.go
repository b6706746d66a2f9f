// Package prune removes the fields of an object that its structural schema
// does not specify, as kube-apiserver does when it decodes a custom resource
// (KEP "Pruning for Custom Resources", seed 003).
//
// The rules, for a value x and its schema s:
//
//   - An object is pruned key by key: a key specified by s.properties is kept
//     and pruned with that property's schema; any other key is kept and pruned
//     with additionalProperties' schema when s has additionalProperties (of
//     any value, false included: removal stops at that level); otherwise the
//     key is removed and its path recorded.
//   - An array's items are pruned with s.items.
//   - Under x-kubernetes-preserve-unknown-fields: true nothing is removed,
//     but a child specified by properties, or by additionalProperties' schema,
//     is pruned with its own schema again.
//   - At the resource root and in embedded resources
//     (x-kubernetes-embedded-resource), apiVersion, kind and metadata are
//     implicitly specified and left alone here; package objectmeta prunes
//     unknown metadata fields.
//   - A value whose JSON type contradicts the schema's type (an object where
//     an array is declared, a string where an object is declared, ...) is not
//     removed; it is reported as a conflict with the message kube-apiserver's
//     validation gives for it.
//
// PruneContext stops once the request's context ends (checked every 1024
// values, internal/walkstop): the object is then pruned in part and the
// caller must return the context's error.
//
// # Where this differs from seed 003
//
// The seed's examples 7 and 9 describe a preserved subtree in which a child
// specified by properties (example 7) or by additionalProperties (example 9)
// keeps its unknown fields. Today's kube-apiserver prunes inside such a child
// with the child's own schema: in example 7, json.bar (a property with
// `type: object` and no properties) is pruned to {}, and in example 9 every
// value under json is pruned to {} by additionalProperties' schema. kval
// follows kube-apiserver (the conformance tests compare with it) and pins both
// results in its tests.
package prune
