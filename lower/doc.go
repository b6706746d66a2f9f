// Package lower rewrites a CustomResourceDefinition whose schemas carry
// kval's mutability extensions (x-kubernetes-mutability,
// x-kubernetes-key-mutability; see package mutability for their
// semantics) into one whose x-kubernetes-validations transition rules
// enforce the same semantics in kube-apiserver 1.29 and later, with no kval
// process running (kval lower). The equivalence test validates random
// updates (a fifth of them removing an optional parent object, a fifth
// adding one) of every corpus and examples/ CRD, with extensions placed at
// random, through both and finds the same verdicts, and the same errors at
// the same paths but where a fieldPath cannot say them (keys, and below
// the items of lists kube-apiserver does not correlate: see below). The
// extensions are checked on every update there, as kval validate does,
// also where kube-apiserver's errors would keep it from calling a webhook;
// the rules run then too, except after the errors that keep
// kube-apiserver's rules from running (a wrong type, a missing required
// field, an enum, length or count violated), where it reports that the
// rules did not run instead of their errors.
//
// # Where the rules go
//
// kube-apiserver evaluates a rule that uses oldSelf only where the node is
// present in both objects and correlated: object fields and map values by
// name, items of list-type map lists by their keys, never the items of
// other lists. Package mutability judges a field along the chain of object
// properties up to its nearest correlating ancestor (the root, a list-map
// item, a map value, an atomic list's item by index): a parent added or
// removed adds or removes the fields in it. So:
//
//   - x-kubernetes-mutability on a field: a rule on that ancestor about the
//     field's presence, with a has() for every property of the chain
//     ((has(self.spec) && has(self.spec.engine)) == (has(oldSelf.spec) &&
//     has(oldSelf.spec.engine)); AddOnly and RemoveOnly allow one
//     direction), with fieldPath .spec.engine, and a rule on the field that
//     its value is unchanged. The ancestor is present in both objects
//     whenever package mutability checks the field, and kube-apiserver
//     always correlates it, so optionalOldSelf is unnecessary, and the
//     rules never run on create. A rule on the field's parent would not
//     run where the update removes or adds the parent.
//   - on the items of a list-map list or the values of a map: the value
//     rule on the items or values (errors at the item's index or key).
//   - x-kubernetes-key-mutability on a field: rules on the same ancestor,
//     through the same has() chain, comparing the keys (sizes for atomic
//     lists, list-map keys, set items, map keys) of the new and old
//     collection, a missing one (or one whose parent is missing) having
//     none; on an item or map value, on the node. The errors name the collection, not each
//     key: a fieldPath cannot name an index.
//   - Below the items of an atomic list, a rule is put on the list and
//     pairs the items by position, iterating over a literal list of the
//     indices ([0, 1, ..., maxItems-1].all(i, ...)): kube-apiserver 1.29
//     has neither index iteration (lists.range, 1.34) nor two-variable
//     comprehensions (1.32). Errors are then at the list.
//   - Nothing below a node with x-kubernetes-mutability gets rules: where
//     the node is present in both objects it is unchanged or already an
//     error (but the key rules of an immutable field, which package
//     mutability checks when the field is added or removed). Nothing below
//     the items of a set either: package mutability compares set items
//     whole, never what is inside them.
//
// Messages are package mutability's, reason FieldValueForbidden (its errors
// are all field.Forbidden), so a denial reads as the webhook's, at the same
// path or, for keys and below atomic lists, at the collection above it.
//
// Equality: CEL's == compares lists of type set and map regardless of
// order, where kval compares strictly; the value rule therefore compares
// every such list at or below the node again in order (list.map(x, x) is
// a plain list, whose == is positional), paired as kval pairs them.
//
// # What cannot be lowered, and why
//
// Lower reports each of these with the reason and, where one exists, the
// bound that would fix it (kval lower fails, or lists them with
// --best-effort); the constructs below a left-out x-kubernetes-mutability
// are lowered on their own then.
//
//   - Items compared by position without a bound: item immutability in an
//     atomic list, and any extension below the items of an atomic list,
//     need the list's maxItems (at most 256, the length of the literal list
//     of indices).
//   - Order inside set items: a set or map list below the items of a set
//     inside an immutable value, and key mutability on a set whose items
//     hold such lists: CEL cannot pair set items to compare the inner
//     order, and finds set items regardless of it, where kval identifies
//     set items by their exact value.
//   - Strings of format date, date-time, duration and byte at or below an
//     immutable value, a set's items or a list-map key: CEL reads them as
//     timestamps, durations and bytes, so equal instants written
//     differently compare equal, and some strings the format check accepts
//     (a lowercase "t" in a date-time) fail to parse and fail the rule.
//   - Property names with no CEL form (characters outside [a-zA-Z0-9_.-/],
//     or a leading digit).
//   - Rules over kube-apiserver's cost limits, estimated by package
//     celrules as kval lint does. A rule over 10,000,000 is reported with
//     celrules' fixes (maxItems, maxProperties, maxLength). Where the rules
//     of a schema together cost over 100,000,000, however cheap each, the
//     constructs with the most expensive generated rules are left out, as
//     many as it takes for the rest to fit, each reported with the total,
//     the limit, and the bounds that bring its rules within what the rest
//     leave (searched for the 16 most expensive of a schema: each search
//     compiles rules again, and once the first are bounded the others
//     need less). Fixes are skipped with Options.NoFixes.
//
// One difference is left, documented rather than refused: CEL compares
// numbers by value, so a field of type number changed from 1 to 1.0 is
// unchanged for the rules and changed for kval's strict equality.
//
// # The CRD
//
// Lower works on the CRD document (an unstructured map, as package
// manifest reads it) and changes nothing but the schemas' rules and, unless
// Options.KeepExtensions, the extensions. The input must pass kval lint;
// the output does too, cost limits included: Lower lints it and leaves out
// the constructs whose rules it rejects, round after round (a left-out
// x-kubernetes-mutability uncovers the constructs below it), until a round
// leaves out nothing more.
package lower
