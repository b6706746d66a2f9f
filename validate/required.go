package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Requiredness comes in four flavours because "set" means different things
// for different Go shapes: a non-zero value, a non-nil pointer, a non-empty
// slice or map. The generator picks the flavour from the field's type.

// RequiredValue reports a field whose value is the zero value of its type.
func RequiredValue[T comparable](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	var zero T
	return required(*value != zero, fldPath)
}

// RequiredPointer reports a nil pointer.
func RequiredPointer[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	return required(value != nil, fldPath)
}

// RequiredSlice reports an empty slice.
func RequiredSlice[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T) field.ErrorList {
	return required(len(value) > 0, fldPath)
}

// RequiredMap reports an empty map.
func RequiredMap[K comparable, V any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ map[K]V) field.ErrorList {
	return required(len(value) > 0, fldPath)
}

func required(set bool, fldPath *field.Path) field.ErrorList {
	if set {
		return nil
	}
	return field.ErrorList{field.Required(fldPath, "")}
}

// ForbiddenValue reports a field whose value is not the zero value.
func ForbiddenValue[T comparable](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	var zero T
	return forbidden(*value != zero, fldPath)
}

// ForbiddenPointer reports a non-nil pointer.
func ForbiddenPointer[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	return forbidden(value != nil, fldPath)
}

// ForbiddenSlice reports a non-empty slice.
func ForbiddenSlice[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T) field.ErrorList {
	return forbidden(len(value) > 0, fldPath)
}

// ForbiddenMap reports a non-empty map.
func ForbiddenMap[K comparable, V any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ map[K]V) field.ErrorList {
	return forbidden(len(value) > 0, fldPath)
}

func forbidden(set bool, fldPath *field.Path) field.ErrorList {
	if !set {
		return nil
	}
	return field.ErrorList{field.Forbidden(fldPath, "")}
}

// The Optional checks return an error when the value is not set. Generated
// code does not report that error: an unset optional field simply has
// nothing more to validate. Generated code usually tests for "unset" inline,
// which costs no allocation; these functions exist for hand-written callers
// and for rules that wrap optionality (e.g. per-mode rules).

// optionalNotSet is the detail of the error returned for an unset optional
// value, as upstream words it.
const optionalNotSet = "optional value was not specified"

// OptionalValue returns an error when the value is the zero value.
func OptionalValue[T comparable](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	var zero T
	return optional(*value != zero, fldPath)
}

// OptionalPointer returns an error when the pointer is nil.
func OptionalPointer[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T) field.ErrorList {
	return optional(value != nil, fldPath)
}

// OptionalSlice returns an error when the slice is empty.
func OptionalSlice[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T) field.ErrorList {
	return optional(len(value) > 0, fldPath)
}

// OptionalMap returns an error when the map is empty.
func OptionalMap[K comparable, V any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ map[K]V) field.ErrorList {
	return optional(len(value) > 0, fldPath)
}

func optional(set bool, fldPath *field.Path) field.ErrorList {
	if set {
		return nil
	}
	return field.ErrorList{field.Required(fldPath, optionalNotSet)}
}
