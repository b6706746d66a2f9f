package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateFunc is the shape of every check and of every generated
// validation function: it validates value, possibly against oldValue.
type ValidateFunc[T any] func(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue T) field.ErrorList

// MatchFunc reports whether two values match by some criterion: full
// equality, or equality of the keys that identify a list item. Checks never
// call it with nil arguments unless their documentation says so.
type MatchFunc[T any] func(a, b T) bool

// MatchItemFunc reports whether a list item is the one a rule selects.
type MatchItemFunc[T any] func(item T) bool

// ExtractorFn reads something from a parent value: a member's value, or
// whether a member is set. The parent may be nil.
type ExtractorFn[T, V any] func(obj T) V

// GetFieldFunc reads a field of a struct as a nilable value.
type GetFieldFunc[S, F any] func(s *S) F

// isUpdate reports whether op is an update.
func isUpdate(op operation.Operation) bool { return op.Type == operation.Update }
