// Package mistagged is package migration's BackupPolicy with one mistake
// in its tags, the kind a migration makes: RetentionDays carries
// +k8s:maximum=365 where the hand-written rule allows 90 days. Its tests
// show that rollout.Equivalent names the rule that differs and that shadow
// mode counts the mismatch, before any user sees the laxer rule.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package mistagged

//go:generate go run github.com/kval-dev/kval/cmd/kval gen .
