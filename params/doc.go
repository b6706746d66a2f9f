// Package params checks operator parameters with immutability, the rules of
// seed 002 (KUDO's KEP-30, "Immutable parameters"): a parameter marked
// "immutable: true" gets its value at installation and keeps it through
// updates and upgrades. It reads what KUDO reads: a package directory
// (operator.yaml, params.yaml, templates/), kudo.dev/v1beta1
// OperatorVersion and Instance objects. It depends on model packages
// (manifest; schema for a Helm chart's values.schema.json), on one stage,
// mutability, whose semantics and messages the Helm check reuses, and on
// the engine's extension point; never on a frontend.
//
// Every frontend checks Instances the same way: it lists InstanceCheck
// (decode the Instance, find its OperatorVersion with a Finder, apply
// Admit's rule) among the extensions of its catalog, so the rules run in
// the engine's order and their errors, a missing OperatorVersion included
// (spec.operatorVersion.name: Not found), are causes of the engine's one
// Invalid status. Defaulted is the mutation an admission webhook (or
// kvaltest, before it validates) makes of spec.parameters. InstanceCRD
// serves Instances to a frontend that has no KUDO CRD (kval serve).
//
// # API
//
//	ov, err := params.Load(path)      // a package directory or an OperatorVersion file
//	errs := params.Verify(ov)         // every fault of the definitions
//	inst, err := params.LoadInstance(path) // or DecodeInstance(doc)
//	result, errs := params.Install(ov, given)
//	result, errs := params.Update(ov, old, new)
//	result, errs := params.Upgrade(oldOV, newOV, old, new)
//	result, errs, err := params.Admit(ctx, finder, ns, old, inst) // the rule a write needs (Check: errs only)
//	index, err := params.ReadVerified(paths...) // OperatorVersions for a Finder (index.Finder), verified
//	ext := params.InstanceCheck(finder)          // the engine extension every frontend lists
//	given, result, err := params.Defaulted(ctx, finder, obj, old) // the mutation of a write
//
// Parameters are Instance text (map[string]string, spec.parameters);
// result is what the Instance should hold, errs are field errors at
// spec.parameters[NAME], every one of them, in the definitions' order.
// The rules never modify their arguments and never panic, even on an
// OperatorVersion Verify rejects.
//
// Beyond KUDO, the same promise for a Helm chart's values: LoadChart reads
// values.schema.json, where x-kubernetes-mutability and
// x-kubernetes-key-mutability mark values, and CheckHelmUpgrade merges the
// chart's values.yaml under the old and the new values as Helm does (maps
// key by key, null removes a default) and checks them with the mutability
// package, with its semantics and messages, at paths such as
// Values.persistence.size. Only the keywords of CRD schemas are understood
// ($schema and $id are dropped); others are errors, not ignored. The same
// defaults under both sides cannot show a new chart version changing the
// default of an immutable value: CheckHelmUpgradeFrom takes the defaults
// of the chart the release was installed with (LoadChartDefaults) for the
// old side (kval params check --old-chart).
//
// # Formats
//
// params.yaml parameters have name, displayName, description, default (any
// YAML), required (true when left out, as KUDO's package reader sets it),
// immutable (false when left out), type, enum, trigger, group, hint and
// advanced. An OperatorVersion's spec.parameters hold the same as text
// ("value-type" for the type; required is false when left out, as KUDO's
// API reads it). Types are Types: string (also when left out), integer,
// number, boolean, array and map; array and map values are YAML text in an
// Instance, and a params.yaml default that is a YAML list or map becomes
// that text.
//
// # Decisions where the seed and KUDO are open
//
//   - Unknown fields of a parameter are errors of Verify: KUDO ignores them,
//     but a misspelt "immutable" would silently leave a parameter mutable.
//     Names that differ only in case are duplicates, as in KUDO.
//   - Equal values: arrays and maps compare as decoded YAML (a list written
//     in another style is the same list), scalars as text ("01" and "1"
//     render differently in templates). An enum is checked the same way.
//   - A change of an immutable parameter is judged on what templates see:
//     the stored value, or the OperatorVersion's default when none is
//     stored. Removing a stored value is always a change (the next
//     OperatorVersion's default could take its place); setting a value is
//     a change unless it is the default that applied, which pins it (the
//     way to keep a value an upgrade would otherwise change).
//   - An explicit value in an upgrade is a value in the upgraded Instance's
//     spec.parameters. A value stored before the upgrade counts: kudo
//     upgrade carries stored values into the upgraded Instance, so the
//     webhook cannot tell a carried value from a re-sent one, and the
//     consent the seed asks for, that the value made immutable is one the
//     user chose rather than a default that happened to apply, is given by
//     a stored value, which the user set at install or in an update (KUDO's
//     test "a param with a value is made immutable IS allowed" says the
//     same). A parameter running on its default must be given a value in
//     the upgrade. kval params check carries stored values over the same
//     way, so offline and webhook verdicts agree.
//   - No holes: a parameter immutable in both OperatorVersions is checked
//     on every upgrade as on an update, whatever plan the upgrade triggers
//     (KUDO skipped the check on upgrades, so a value could change when the
//     parameter update fell back to the deploy plan), and an immutable
//     default that is not stored may not change or disappear with the
//     OperatorVersion.
//   - Which plan an update triggers, and the plan conflicts KUDO's webhook
//     refuses, are not parameter rules and are not checked here.
//   - Values the OperatorVersion does not define are errors only when the
//     request sets or changes them; in an upgrade, values of parameters the
//     new OperatorVersion no longer defines leave the Instance.
//   - A required parameter without a default needs a non-empty value, as in
//     KUDO; for immutability an empty text is a value like any other.
package params
