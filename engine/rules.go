package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
)

// ruleStage runs the x-kubernetes-validations rules (CEL) of a schema,
// compiled once (package celrules). It is nil when the schema has no rules.
type ruleStage struct {
	validator *celrules.Validator
}

// compileRules compiles the rules of the validator's schema.
func compileRules(v *Validator) (*ruleStage, error) {
	validator, err := celrules.Compile(v.schema, field.NewPath("openAPIV3Schema"))
	if err != nil || validator == nil {
		return nil, err
	}
	return &ruleStage{validator: validator}, nil
}

// blockingRules is upstream's error when earlier errors keep the rules from running.
const blockingRules = "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"

// validateRules runs the rules after every other check of a request, as
// kube-apiserver does: when errs already holds an error that blocks them
// (Required, NotSupported, TooLong, TooMany, TypeInvalid) it returns the one
// error that says so instead. old is nil on create. Errors of rules that
// ratcheting relaxes go to res as warnings.
func (v *Validator) validateRules(ctx context.Context, obj, old map[string]any, errs field.ErrorList, res *Result) field.ErrorList {
	if v.rules == nil {
		return nil
	}
	if blocksRules(errs) {
		return field.ErrorList{field.Invalid(nil, nil, blockingRules)}
	}
	var oldValue any
	if old != nil {
		oldValue = old
	}
	out := v.rules.validator.Validate(ctx, nil, obj, oldValue, celrules.EvalOptions{
		Budget:     celrules.RuntimeCELCostBudget,
		Ratcheting: !v.opts.DisableRatcheting,
	})
	for _, e := range out.Ratcheted {
		res.Warnings = append(res.Warnings, ratchetedRuleWarning(e))
	}
	return out.Errors
}

// blocksRules reports whether an earlier error keeps the rules from running:
// a type, required, enum, length or count violation means the rules could
// be looking at values they cannot handle.
func blocksRules(errs field.ErrorList) bool {
	for _, e := range errs {
		switch e.Type {
		case field.ErrorTypeNotSupported, field.ErrorTypeRequired, field.ErrorTypeTooLong,
			field.ErrorTypeTooMany, field.ErrorTypeTypeInvalid:
			return true
		}
	}
	return false
}

// ratchetedRuleWarning is the warning for an error ratcheting relaxed.
func ratchetedRuleWarning(e *field.Error) string {
	return e.Error() + " (ratcheted: unchanged from the old object)"
}
