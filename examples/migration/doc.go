// Package migration is a worked migration of hand-written validation to
// +k8s: tags, as KEP-5073 describes it, for the BackupPolicy API:
//
//  1. validation.go is the hand-written validation the API had. Each rule
//     that tags now also express marks its errors CoveredByDeclarative and
//     gives them the tag's origin, so the two can be compared.
//  2. types.go carries the same rules as +k8s: tags, and
//     zz_generated.validations.go is what `kval gen` writes from them
//     (regenerate with `go generate`; TestGeneratedCodeIsCurrent fails
//     when it is stale).
//  3. migration_test.go proves the two equivalent with rollout.Equivalent,
//     over the table cases and fuzzed creates and updates, and shows shadow
//     mode: both run, the hand-written errors are returned, and nothing is
//     counted as a mismatch.
//  4. Package mistagged holds the same API with one wrong tag, and its test
//     shows both safety nets catching it: the equivalence test names the
//     rule, and shadow mode counts the mismatch in
//     apiserver_validation_declarative_validation_mismatch_total.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package migration

//go:generate go run github.com/kval-dev/kval/cmd/kval gen .
