package lint

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// Options choose the stages that check defaults and x-kubernetes-validations
// rules. The zero value gives kube-apiserver's full create-time verdict:
// a nil field means kval's own stage (package values for the value
// validation of defaults, package celrules for rules). Set a field to
// replace a stage, e.g. to keep the rules' cost estimates (a
// *celrules.Checker of one's own) or with a fake in tests.
type Options struct {
	// Values validates a default against the schema it is the default of.
	// Nil: values.Defaults.
	Values DefaultValidator
	// DefaultRules evaluates x-kubernetes-validations rules on a default.
	// Nil: celrules.NewDefaultEvaluator().
	DefaultRules DefaultRuleEvaluator
	// Rules compiles x-kubernetes-validations rules (see schema.RuleChecker).
	// Nil: a new celrules.Checker for each check.
	Rules schema.RuleChecker
}

// withOwnStages fills the stages left nil with kval's own.
func (o Options) withOwnStages() Options {
	if o.Values == nil {
		o.Values = values.Defaults{}
	}
	if o.DefaultRules == nil {
		o.DefaultRules = celrules.NewDefaultEvaluator()
	}
	if o.Rules == nil {
		o.Rules = celrules.NewChecker()
	}
	return o
}

// DefaultValidator validates the value of a default, as kube-apiserver's
// ValidateCustomResource does with a validator built from s (the node that
// declares the default, with its subtree). path is the default's path
// (…properties[x].default). It runs only when the default passed the
// pruning and object-meta checks.
type DefaultValidator interface {
	ValidateDefault(path *field.Path, s *schema.Schema, value any) field.ErrorList
}

// DefaultRuleEvaluator evaluates the x-kubernetes-validations rules of s and
// its subtree on a default value, as upstream's cel.NewValidator(s,
// resourceRoot, PerCallLimit).Validate does: once with oldSelf = value and,
// when that passes, once without an old value (CRD validation ratcheting).
// resourceRoot says s is the root of a resource (the schema root or an
// embedded resource). budget is what is left of
// celrules.RuntimeCELCostBudget, which all defaults of one schema share, as
// upstream; it returns the errors and the budget left afterwards (the
// smaller of both runs).
// A negative budget stops the checks of the remaining defaults, as upstream.
// It runs only when DefaultValidator found nothing.
type DefaultRuleEvaluator interface {
	EvaluateDefault(ctx context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64) (field.ErrorList, int64)
}
