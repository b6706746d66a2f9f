package validate

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
	path   = field.NewPath("spec", "f")
)

// withOptions returns an operation with the given options defined.
func withOptions(t operation.Type, opts map[string]bool) operation.Operation {
	return operation.Operation{Type: t, Options: opts}
}

// byAll matches errors on everything a user or a test can observe.
var byAll = field.ErrorMatcher{}.ByType().ByField().ByOrigin().ByDetailExact()

// byDetail matches type, field and a detail substring.
var byDetail = field.ErrorMatcher{}.ByType().ByField().ByOrigin().ByDetailSubstring()

func expectNone(t *testing.T, got field.ErrorList) {
	t.Helper()
	if len(got) != 0 {
		t.Errorf("want no errors, got %v", got)
	}
}

// p returns a pointer to v; tables read better with it.
func p[T any](v T) *T { return &v }
