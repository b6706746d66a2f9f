package validate

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Immutable reports any update that reaches it. Generated code calls it
// only after ratcheting found the value changed, so it needs no comparison
// of its own.
func Immutable[T any](_ context.Context, op operation.Operation, fldPath *field.Path, _, _ T) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, nil, "field is immutable").WithOrigin("immutable")}
}

// Monotonic reports an update that decreases an integer.
func Monotonic[T Integer](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T) field.ErrorList {
	if !isUpdate(op) || value == nil || oldValue == nil || *value >= *oldValue {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("may not be decreased from %v", *oldValue)).WithOrigin("monotonic")}
}
