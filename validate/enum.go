package validate

import (
	"context"
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// EnumExclusion removes one value from an enum depending on an option: when
// the option's state equals ExcludeWhen, Value is not allowed.
type EnumExclusion[T ~string] struct {
	// Value is the enum value that may be excluded.
	Value T
	// ExcludeWhen is the option state (enabled or not) that excludes Value.
	ExcludeWhen bool
	// Option names the validation option (usually a feature gate).
	Option string
}

// Enum reports a value that is not one of allowed, or that an exclusion
// removes under the current options. The error lists the values allowed
// under the current options, sorted.
func Enum[T ~string](_ context.Context, op operation.Operation, fldPath *field.Path, value, _ *T, allowed sets.Set[T], exclusions []EnumExclusion[T]) field.ErrorList {
	if value == nil {
		return nil
	}
	excluded, err := isExcluded(op, exclusions, *value)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	if allowed.Has(*value) && !excluded {
		return nil
	}
	supported, err := allowedUnder(op, allowed, exclusions)
	if err != nil {
		return field.ErrorList{field.InternalError(fldPath, err)}
	}
	return field.ErrorList{field.NotSupported(fldPath, *value, supported)}
}

// allowedUnder returns the sorted values of allowed that no exclusion removes.
func allowedUnder[T ~string](op operation.Operation, allowed sets.Set[T], exclusions []EnumExclusion[T]) ([]T, error) {
	values := make([]T, 0, len(allowed))
	for v := range allowed {
		excluded, err := isExcluded(op, exclusions, v)
		if err != nil {
			return nil, err
		}
		if !excluded {
			values = append(values, v)
		}
	}
	slices.Sort(values)
	return values, nil
}

// isExcluded reports whether an exclusion removes value. Exclusions are read
// in order, and an undefined option is an error even when its exclusion is
// for another value, so that a missing option shows up early.
func isExcluded[T ~string](op operation.Operation, exclusions []EnumExclusion[T], value T) (bool, error) {
	for _, x := range exclusions {
		enabled, defined := op.HasOption(x.Option)
		if !defined {
			return false, undefinedOption(x.Option)
		}
		if x.Value == value && enabled == x.ExcludeWhen {
			return true, nil
		}
	}
	return false, nil
}

func undefinedOption(name string) error {
	return fmt.Errorf("undefined validation option %q", name)
}
