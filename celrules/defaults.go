package celrules

import (
	"context"
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// DefaultEvaluator evaluates rules on default values when a CRD is checked
// (lint.DefaultRuleEvaluator), as kube-apiserver's ValidateDefaults does. The
// rules of a node are compiled once per evaluator.
type DefaultEvaluator struct {
	mu         sync.Mutex
	validators map[defaultKey]*Validator
}

type defaultKey struct {
	schema       *schema.Schema
	resourceRoot bool
}

// NewDefaultEvaluator returns an evaluator for the defaults of one or more CRDs.
func NewDefaultEvaluator() *DefaultEvaluator {
	return &DefaultEvaluator{validators: map[defaultKey]*Validator{}}
}

// EvaluateDefault evaluates the rules of s and its subtree on a default
// (path is the default's path): once as an update of the default to itself
// and, when that passes, once as a create, so that rules with
// optionalOldSelf are checked on both. It returns the errors and the
// smaller budget left by the two runs.
func (d *DefaultEvaluator) EvaluateDefault(ctx context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64) (field.ErrorList, int64) {
	v := d.validator(s, resourceRoot)
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

func (d *DefaultEvaluator) validator(s *schema.Schema, resourceRoot bool) *Validator {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := defaultKey{schema: s, resourceRoot: resourceRoot}
	v, ok := d.validators[key]
	if !ok {
		v = NewValidator(s, Options{ResourceRoot: resourceRoot})
		d.validators[key] = v
	}
	return v
}
