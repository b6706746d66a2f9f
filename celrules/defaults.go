package celrules

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// DefaultEvaluator evaluates rules on default values when a CRD is checked
// (lint.DefaultRuleEvaluator), as kube-apiserver's ValidateDefaults does:
// each default gets a validator of the rules of its node and subtree. Like
// kube-apiserver it does not keep them: a schema with a default on every
// level of a deep nesting would otherwise hold a quadratic number of
// compiled rules. Nor does it compile the rules a default never reaches:
// a default of a few fields of a node whose subtree holds hundreds of
// rules (an HTTPRoute's spec.rules) compiles the rules of those fields
// alone (lazy.go), which halved the time of linting such a CRD.
type DefaultEvaluator struct{}

// NewDefaultEvaluator returns an evaluator for the defaults of one or more CRDs.
func NewDefaultEvaluator() *DefaultEvaluator {
	return &DefaultEvaluator{}
}

// EvaluateDefault evaluates the rules of s and its subtree on a default
// (path is the default's path): once as an update of the default to itself
// and, when that passes, once as a create, so that rules with
// optionalOldSelf are checked on both. It returns the errors and the
// smaller budget left by the two runs.
func (d *DefaultEvaluator) EvaluateDefault(ctx context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64) (field.ErrorList, int64) {
	return evaluateDefault(ctx, path, s, resourceRoot, value, budget, true)
}

// evaluateDefault is EvaluateDefault with a validator built lazily or not.
func evaluateDefault(ctx context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64, lazy bool) (field.ErrorList, int64) {
	v := newValidator(s, Options{ResourceRoot: resourceRoot}, lazy)
	if v == nil {
		return nil, budget
	}
	asUpdate := v.Validate(ctx, path, value, value, EvalOptions{Budget: budget})
	if len(asUpdate.Errors) > 0 {
		return asUpdate.Errors, asUpdate.Budget
	}
	asCreate := v.Validate(ctx, path, value, nil, EvalOptions{Budget: budget})
	return asCreate.Errors, min(asUpdate.Budget, asCreate.Budget)
}
