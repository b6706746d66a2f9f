// Package celrules evaluates x-kubernetes-validations rules (CEL) the way
// kube-apiserver does for custom resources, and checks them the way it does
// when a CRD is created.
//
// NewValidator compiles every rule of a schema once, with cel-go and the
// Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/...), in the
// environment kube-apiserver uses for stored expressions at its default
// compatibility version. self is typed from the schema: objects with their
// properties, maps, lists, int-or-string as dyn, formats as durations,
// timestamps and bytes; at a resource root also apiVersion, kind,
// metadata.name and metadata.generateName. Validate then walks only the
// nodes that have rules at or below them.
//
// # Faithfulness to kube-apiserver
//
// Errors are kube-apiserver's: a failed rule reports its message, its
// evaluated messageExpression (at most 5 KiB, one line, not empty; else the
// message), or "failed rule: <rule>"; with the type its reason asks for, at
// its fieldPath; the bad value is the value itself, omitted for objects and
// arrays. Evaluation errors, the per-call cost limit and the per-object
// budget stop the walk with upstream's messages.
//
// Transition rules (those that use oldSelf) run on update only, where the
// old value correlates with the new one: object fields by name, map entries
// by key, items of list-type map lists by their keys; never through other
// lists. A rule with optionalOldSelf always runs, oldSelf being an optional.
// With ratcheting, an error of a rule that does not use oldSelf on a value
// the update left unchanged is returned apart (Result.Ratcheted).
//
// Where kube-apiserver's order is Go's random map order (object keys), kval
// visits properties in name order and map entries in key order.
//
// # Bounded memory, where kube-apiserver would crash
//
// kube-apiserver charges a call's cost once it returned, and charges
// replace and format by their input: `self.s.replace("", self.s)` passes its
// estimates and builds len(s)² characters, which kills the process on an
// object of 100 KB. kval prices the result of each function that builds
// strings or lists (+, replace, join, format, flatten, slice, reverse,
// distinct, sort) from its arguments before it is built, and stops the
// evaluation when what one evaluation builds would cost more than the
// per-call limit (ten million characters at a tenth each, a million list
// elements) or what is left of the budget, with upstream's errors for a
// call over its limit or a budget run out. Where upstream prices the
// result itself this only anticipates upstream's own error; for replace,
// format and flatten it also refuses results that large which upstream
// would build (see buildsize.go).
//
// # Cost tracking only where it can change something
//
// kube-apiserver tracks the actual cost of every evaluation, which
// allocates at every step. With EvalOptions.SkipCostTracking (the engine
// sets it) a rule runs below the tracker and is charged a bound instead
// when the bound is proven: its estimate with no size bounds at all
// (rules whose cost does not depend on sizes), or its estimate from the
// schema when the object and the old object were checked to be within the
// sizes the estimate assumed (and the rule neither uses an object as a
// value nor ranges over a map's keys, which the estimator prices at zero).
// Such a rule cannot reach the per-call limit, and what is left of the
// budget becomes a lower bound: a walk that stops on that lower bound is
// run again with every rule metered, so errors, ratcheted errors and where
// the budget runs out are kube-apiserver's (unmetered.go, sizes.go).
//
// # CRD checks
//
// Checker plugs into package schema's CRD checks (schema.RuleChecker): it
// compiles each rule in the environment for new expressions, estimates its
// cost times how often its node can occur (from maxItems, maxProperties and
// the request size limit) and reports kube-apiserver's errors: compile
// errors, per-rule and per-schema cost limits, oldSelf where old and new
// values cannot be correlated, optionalOldSelf without oldSelf. Costs
// explains a rule's estimated cost and which limits would bring it under
// the limit. DefaultEvaluator plugs into package lint to evaluate rules on
// default values; it compiles a rule only where the default has a value
// (lazy.go), which is where kube-apiserver would report it.
package celrules
