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
// The rules of a node apply where its parent is present in both objects (the
// root always is): adding or removing an object adds or removes what is in
// it, without the fields inside being "added" or "removed" themselves, as
// kube-apiserver's transition rules only run on correlated values (and so
// kval lower's rules behave the same). A consequence: an immutable field
// whose parent may be removed can change in two updates, one removing the
// parent (spec: null) and one adding it back with another value. Make the
// parents of immutable fields required (required: [spec] on the root), or
// immutable themselves, to close that path; kval does not second-guess a
// schema that allows it.
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
//   - Duplicate keys in a list are reported by list-type validation; here the
//     first item with a key is the one that is correlated.
//   - The old object is taken as stored, never validated (kube-apiserver
//     does not validate stored objects either). Where an old value does not
//     have the schema's shape (a string where the schema has an object or a
//     list), nothing below it is correlated: its fields or items are absent
//     from the old object, as when the whole value is added, so a field
//     below may take any value. The extension on the value itself still
//     applies: a value of another type is compared like any other.
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
