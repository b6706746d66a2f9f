// Package mutability enforces the immutability extensions of seed 000
// ("Immutable fields") on updates: x-kubernetes-mutability and
// x-kubernetes-key-mutability. Kubernetes never shipped them; kval does.
//
// The check compares the old and the new object in their stored form (after
// pruning and defaulting) with strict deep equality: no normalization, an
// integer differs from the equal number, an empty list differs from a
// missing one, and the order of list items matters.
//
// # x-kubernetes-mutability: Immutable | AddOnly | RemoveOnly
//
// On a node, it makes the node's value immutable, and with it everything
// below (the seed's recursive scope): while the node is present in the old
// and the new object, its whole value must be equal. What else it governs
// depends on how the node is reached:
//
//   - A field (a property of an object) may in addition not be added
//     (Immutable, RemoveOnly) or not be removed (Immutable, AddOnly).
//   - An item of a list, or a value of a map (the node is items or
//     additionalProperties), is identified by its key: its index for lists of
//     list type atomic (or unset), its x-kubernetes-list-map-keys for lists
//     of type map, the item itself for sets, its key for maps. The value of a
//     key present in both objects may not change; keys may come and go (that
//     is x-kubernetes-key-mutability's business). Placement rules allow only
//     Immutable there.
//
// # x-kubernetes-key-mutability: Immutable | AddOnly | RemoveOnly
//
// On a list or a map, it constrains the set of keys (as above) and nothing
// else: keys may not be added (Immutable, RemoveOnly) or removed (Immutable,
// AddOnly); values stay mutable. A missing list or map has no keys. Because
// a set's items are its keys, reordering a set is allowed under key
// mutability, but not under x-kubernetes-mutability on the set itself.
//
// # Correlation
//
// A field's x-kubernetes-mutability and x-kubernetes-key-mutability hold
// along the chain of object properties between the field and its nearest
// correlating ancestor: the root, an item of a list of type map (by its
// keys), a value of a map (by its key), or an item of an atomic or untyped
// list (by its index, seed 000's example 2). A parent object on that chain
// that the update adds brings its fields in: they are added. One that it
// removes (or sets to null) takes them out: they are removed. Additions and
// removals are judged exactly as those of the field on its own, with the
// same paths and messages, so {spec: {engine: a}} → {} is denied for
// Immutable and AddOnly (spec.engine: Forbidden) and {} → {spec: {engine:
// b}} for Immutable and RemoveOnly; an immutable field cannot change in two
// updates, one removing its parent and one adding it back. Keys of a list or
// map field judge the keys its parent brings or takes the same way (a
// missing collection has no keys).
//
// A field set when its parent first appears, such as a status field set
// with the first status (status always comes in an update, never on
// create), is therefore AddOnly, not Immutable: Immutable refuses its
// arrival with the parent as it refuses any other.
//
// The chain stops at correlating ancestors: list items and map entries
// added or removed whole are the business of the collection's own
// extensions, as seed 000 says ({foo: [a]} → {foo: []} is allowed under
// item immutability). It stops at a parent with x-kubernetes-mutability of
// its own too: that parent's value decides whether it may come or go with
// everything in it.
//
// This differs on purpose from seed 004's +k8s:update tags, which KEP-5073
// scopes to the lifetime of the parent (replacing an optional parent starts
// a new one, and the fields in it are new): kval gen keeps that for the
// tags. The extensions are about the stored object, and so is this rule.
// kval lower's rules enforce it too (they are placed on the correlating
// ancestor, with has() chains), and kval lint warns about hand-written
// transition rules that a parent's removal bypasses.
//
// # Decisions where the seed is open
//
//   - The seed's TODO on a map-list key that is removed and added ("removal
//     plus addition is a change"): within one update a key is present in both
//     objects or not, so removing an item and adding an item with the same
//     key in one update is a change of that item, rejected under item
//     immutability. kval checks each update on its own: removing an item in
//     one update and adding it back with another value in a later update are
//     both accepted; the immutability of an item lasts as long as its key.
//   - Duplicate keys in a list are reported by list-type validation, which
//     kube-apiserver skips on an update whose old object already has a
//     list-type error: a duplicate can then reach this check. Each item
//     with a key is correlated: the first with the first old item of that
//     key, each later one with the next old item of the key not yet
//     paired, or with the first when there is none (so a changed copy of
//     an immutable item beside it is a change of that item).
//   - The old object is taken as stored, never validated (kube-apiserver
//     does not validate stored objects either). Where an old value does not
//     have the schema's shape (a string where the schema has an object or a
//     list), nothing below it is correlated: it has no fields, so the new
//     value's fields are added, as when the whole value is added, and a
//     list's items are left to its key rules. The extension on the value
//     itself still applies: a value of another type is compared like any
//     other.
//
// # Errors
//
// Errors are field.Forbidden at the path of the field, item or key (the new
// index for changed and added items, the old index for removed ones), with
// the origin "mutability=<value>" or "keyMutability=<value>":
//
//	spec.engine: Forbidden: field is immutable
//	spec.nodeName: Forbidden: field may not be removed, only added
//	spec.users[1]: Forbidden: item is immutable
//	spec.history[2]: Forbidden: items may only be added
//	spec.labels[team]: Forbidden: keys may not be removed
//
// Ratcheting never relaxes these errors.
package mutability
