package validate

import (
	"context"
	"fmt"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Integer is any integer type, including named ones.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Minimum reports a value below min.
func Minimum[T Integer](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, min T) field.ErrorList {
	if value == nil || *value >= min {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be greater than or equal to %d", min)).WithOrigin("minimum")}
}

// Maximum reports a value above max.
func Maximum[T Integer](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, max T) field.ErrorList {
	if value == nil || *value <= max {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be less than or equal to %d", max)).WithOrigin("maximum")}
}

// ExclusiveMinimum reports a value at or below min (+k8s:exclusiveMinimum).
func ExclusiveMinimum[T Integer](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, min T) field.ErrorList {
	if value == nil || *value > min {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be greater than %d", min)).WithOrigin("exclusiveMinimum")}
}

// ExclusiveMaximum reports a value at or above max (+k8s:exclusiveMaximum).
func ExclusiveMaximum[T Integer](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, max T) field.ErrorList {
	if value == nil || *value < max {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, fmt.Sprintf("must be less than %d", max)).WithOrigin("exclusiveMaximum")}
}

// MaxLength reports a string of more than max characters (runes).
func MaxLength[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, max int) field.ErrorList {
	if value == nil || !longerThan(string(*value), max) {
		return nil
	}
	return field.ErrorList{field.TooLongCharacters(fldPath, *value, max).WithOrigin("maxLength")}
}

// MinLength reports a string of fewer than min characters (runes).
func MinLength[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, min int) field.ErrorList {
	if value == nil || !shorterThan(string(*value), min) {
		return nil
	}
	return field.ErrorList{field.TooShort(fldPath, *value, min).WithOrigin("minLength")}
}

// longerThan reports whether s has more than n runes. A rune takes one to
// four bytes, so the byte length bounds the rune count from both sides and
// most strings are decided without counting.
func longerThan(s string, n int) bool {
	switch {
	case len(s) <= n:
		return false
	case (len(s)+3)/4 > n:
		return true
	}
	return utf8.RuneCountInString(s) > n
}

// shorterThan reports whether s has fewer than n runes.
func shorterThan(s string, n int) bool {
	switch {
	case (len(s)+3)/4 >= n:
		return false
	case len(s) < n:
		return true
	}
	return utf8.RuneCountInString(s) < n
}

// MaxBytes reports a string of more than max bytes.
func MaxBytes[T ~string](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *T, max int) field.ErrorList {
	if value == nil || len(*value) <= max {
		return nil
	}
	return field.ErrorList{field.TooLong(fldPath, *value, max).WithOrigin("maxBytes")}
}

// MinItems reports a list of fewer than min items.
func MinItems[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T, min int) field.ErrorList {
	if len(value) >= min {
		return nil
	}
	return field.ErrorList{field.TooFew(fldPath, len(value), min).WithOrigin("minItems")}
}

// MaxItems reports a list of more than max items.
func MaxItems[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T, max int) field.ErrorList {
	if len(value) <= max {
		return nil
	}
	return field.ErrorList{field.TooMany(fldPath, len(value), max).WithOrigin("maxItems")}
}

// MinProperties reports a map of fewer than min entries.
func MinProperties[K comparable, V any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ map[K]V, min int) field.ErrorList {
	if len(value) >= min {
		return nil
	}
	return field.ErrorList{field.TooFew(fldPath, len(value), min).WithOrigin("minProperties")}
}

// MaxProperties reports a map of more than max entries.
func MaxProperties[K comparable, V any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ map[K]V, max int) field.ErrorList {
	if len(value) <= max {
		return nil
	}
	return field.ErrorList{field.TooMany(fldPath, len(value), max).WithOrigin("maxProperties")}
}
