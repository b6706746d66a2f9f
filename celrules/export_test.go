package celrules

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// EagerDefaultEvaluator is DefaultEvaluator with every rule of a
// default's subtree compiled before the evaluation, as before lazy.go:
// the reference the lazy one is compared with (lazy_test.go).
type EagerDefaultEvaluator struct{}

func (EagerDefaultEvaluator) EvaluateDefault(ctx context.Context, path *field.Path, s *schema.Schema, resourceRoot bool, value any, budget int64) (field.ErrorList, int64) {
	return evaluateDefault(ctx, path, s, resourceRoot, value, budget, false)
}
