package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// DependentRequired reports, when the trigger field is set, a dependent
// sibling that is not set (+k8s:dependentRequired(sibling) on the trigger).
// The error is at the dependent's path. On update, nothing is validated again
// if neither field's set-ness changed, so unrelated updates pass an old
// violation.
func DependentRequired[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T,
	triggerName string, triggerIsSet ExtractorFn[*T, bool],
	dependentName string, dependentIsSet ExtractorFn[*T, bool]) field.ErrorList {
	if !dependencyApplies(op, value, oldValue, triggerIsSet, dependentIsSet) || dependentIsSet(value) {
		return nil
	}
	return field.ErrorList{field.Required(fldPath.Child(dependentName),
		"must be set when "+triggerName+" is set").WithOrigin("dependentRequired")}
}

// DependentForbidden reports, when the trigger field is set, a dependent
// sibling that is also set (+k8s:dependentForbidden(sibling) on the trigger).
// Ratcheting is as for DependentRequired.
func DependentForbidden[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T,
	triggerName string, triggerIsSet ExtractorFn[*T, bool],
	dependentName string, dependentIsSet ExtractorFn[*T, bool]) field.ErrorList {
	if !dependencyApplies(op, value, oldValue, triggerIsSet, dependentIsSet) || !dependentIsSet(value) {
		return nil
	}
	return field.ErrorList{field.Forbidden(fldPath.Child(dependentName),
		"may not be set when "+triggerName+" is set").WithOrigin("dependentForbidden")}
}

// dependencyApplies reports whether the trigger is set in value and the
// dependency must be checked: always on create, and on update only if the
// set-ness of either field changed.
func dependencyApplies[T any](op operation.Operation, value, oldValue *T, triggerIsSet, dependentIsSet ExtractorFn[*T, bool]) bool {
	if value == nil {
		return false
	}
	if isUpdate(op) && oldValue != nil &&
		triggerIsSet(value) == triggerIsSet(oldValue) && dependentIsSet(value) == dependentIsSet(oldValue) {
		return false
	}
	return triggerIsSet(value)
}
