// Package rollout decides, request by request, whether hand-written or
// declarative (kval gen) validation is authoritative, as KEP-5073's
// validation lifecycle describes it, and measures how far the two agree.
//
// Three inputs decide (authority.go holds the table, DESIGN in one place):
//
//   - the feature gates DeclarativeValidation (default on) and
//     DeclarativeValidationBeta (default on); DeclarativeValidationTakeover,
//     deprecated in Kubernetes 1.36, is accepted and ignored, so a
//     configuration that still sets it keeps loading;
//   - the strategy: WithDeclarativeEnforcement() opts a resource into the
//     explicit lifecycle, without it untagged (standard) rules are in
//     implicit shadow, as every legacy field was before the lifecycle;
//   - each rule's stability, which the generated code marks on the rule's
//     errors (field.Error.IsAlpha, IsBeta; unmarked is standard). Generated
//     code never reads the gates itself: it stays a pure function of the
//     object, and this package is the one place that turns marks and gates
//     into a verdict.
//
// Shadow mode runs both validations and returns the hand-written result for
// the shadowed rules. Errors are compared as kube-apiserver compares them:
// by type, field path and origin, never by detail text (KEP-5073 reserves
// the right to reword details). Every mismatch is logged with both error
// lists and counted in apiserver_validation_declarative_validation_mismatch_total
// (the KEP's declarative_validation_mismatch_total under kube-apiserver's
// namespace and subsystem); a panic in declarative code is recovered, counted
// in apiserver_validation_declarative_validation_panic_total, and the
// hand-written result is returned.
//
// Equivalent (equivalence.go) is the migration test helper: called from a
// package's validation_test.go, it runs the hand-written and the generated
// function over the table cases and over fuzzed objects, on create and on
// update, and fails naming the rule (origin and field) that differs.
package rollout
