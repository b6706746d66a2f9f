// Package upgrade checks the update of a CustomResourceDefinition beyond
// what kube-apiserver checks (that is lint.CheckCRDUpdate): which changes
// break the objects already stored or the clients that write them, and
// which stored objects the new CRD would reject.
//
// Compare lists the changes between the old and the new CRD that matter to
// stored objects and clients, each with a severity:
//
//   - error: kube-apiserver or clients will fail: a stored version removed
//     from spec.versions (kube-apiserver refuses the update, and the objects
//     stored in it could no longer be read), a served version removed or no
//     longer served (clients of it get 404), a field's type changed, a field
//     newly required, an enum narrowed, the list type or the keys of a
//     map list changed (server-side apply merges differently), the scope or
//     kind changed;
//   - warning: some writes that passed will fail, or data is lost: a field
//     removed (stored values are pruned when read), a pattern changed, a
//     bound tightened, a new or changed x-kubernetes-validations rule, a
//     new or tightened mutability extension (Immutable after AddOnly or
//     RemoveOnly, RemoveOnly after AddOnly: some change it allowed is
//     rejected);
//   - info: additions that break nothing: a new version, a new field, a
//     rule removed, a bound relaxed, a mutability extension relaxed or
//     removed.
//
// Ratcheting (KEP-4008) lets an unchanged invalid value through an update,
// so most tightenings do not break a no-op update of a stored object, but
// they do break its next create and every change of the value; the
// severities reflect what a client sees, not only the no-op update.
//
// Replay answers the question for actual objects: each stored object is
// read with the old CRD, then sent unchanged as an update under the new
// CRD (with ratcheting, as kube-apiserver applies it) and as a create.
//
// Schemas are compared version by version (a version's own schema or the
// top-level one), node by node through properties, items and
// additionalProperties; paths are object paths (.spec.ports[*].name).
package upgrade
