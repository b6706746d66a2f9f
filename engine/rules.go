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

// rules runs the x-kubernetes-validations after every other check of the
// strategy, as kube-apiserver does: when one of those found an error that
// blocks the rules (Required, NotSupported, TooLong, TooMany, TypeInvalid)
// it returns the one error that says so instead. Errors of rules that
// ratcheting relaxes go to Result.Ratcheted.
func (r *run) rules(ctx context.Context) field.ErrorList {
	if r.v.rules == nil {
		return nil
	}
	if blocksRules(r.strategyErrs) {
		return field.ErrorList{field.Invalid(nil, nil, blockingRules)}
	}
	var oldValue any
	if r.old != nil {
		oldValue = r.old
	}
	out := r.v.rules.validator.Validate(ctx, nil, r.obj, oldValue, celrules.EvalOptions{
		Budget:     celrules.RuntimeCELCostBudget,
		Ratcheting: !r.req.DisableRatcheting,
		// what is left of the budget is not used: no need to count it exactly
		SkipCostTracking: true,
	})
	r.res.Ratcheted = append(r.res.Ratcheted, out.Ratcheted...)
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
