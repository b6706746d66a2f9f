package gen_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The verdict tests call the generated code of the golden tree
// (testdata/golden) and check what it reports on create and update.

var (
	ctx    = context.Background()
	create = operation.Operation{Type: operation.Create}
	update = operation.Operation{Type: operation.Update}
)

// withOptions returns an operation of type t with validation options.
func withOptions(t operation.Type, opts map[string]bool) operation.Operation {
	return operation.Operation{Type: t, Options: opts}
}

// expect checks got against want by type, field and origin, the way
// upstream's tests match errors.
func expect(t *testing.T, got field.ErrorList, want ...*field.Error) {
	t.Helper()
	field.ErrorMatcher{}.ByType().ByField().ByOrigin().Test(t, field.ErrorList(want), got)
}

// expectValid checks that there are no errors.
func expectValid(t *testing.T, got field.ErrorList) {
	t.Helper()
	if len(got) > 0 {
		t.Errorf("want no errors, got %v", got)
	}
}

func ptr[T any](v T) *T { return &v }

var root = (*field.Path)(nil)

func path(p string) *field.Path { return field.NewPath(p) }

func invalid(p *field.Path, origin string) *field.Error {
	return field.Invalid(p, nil, "").WithOrigin(origin)
}
