package validate

import (
	"context"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// NEQ reports a value equal to disallowed.
func NEQ[T comparable](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, disallowed T) field.ErrorList {
	if value == nil || *value != disallowed {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, neqDetail(disallowed)).WithOrigin("neq")}
}

// neqDetail quotes strings (of any named string type) and prints other
// values plainly, as upstream does.
func neqDetail(disallowed any) string {
	if reflect.ValueOf(disallowed).Kind() == reflect.String {
		return fmt.Sprintf("must not be equal to %q", disallowed)
	}
	return fmt.Sprintf("must not be equal to %v", disallowed)
}
