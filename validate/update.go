package validate

import (
	"context"
	"fmt"
	"slices"
	"sort"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// UpdateConstraint forbids one kind of change on update (+k8s:update=...).
type UpdateConstraint int

// The constraints, in the order the generator emits them.
const (
	// NoSet forbids going from unset to set.
	NoSet UpdateConstraint = iota
	// NoUnset forbids going from set to unset.
	NoUnset
	// NoModify forbids changing a value that stays set.
	NoModify
	// NoAddItem forbids adding items to a list or map.
	NoAddItem
	// NoRemoveItem forbids removing items from a list or map.
	NoRemoveItem
)

// The set-ness checks below rely on ratcheting: generated code calls them
// only when the value changed, so "set before and after" means "modified".

// UpdateValueByCompare enforces constraints on a comparable value, where the
// zero value means unset. A nil oldValue (no counterpart in the old object)
// has no transition to check.
func UpdateValueByCompare[T comparable](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T, constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) || oldValue == nil {
		return nil
	}
	var zero T
	return transition(fldPath, *oldValue != zero, *value != zero, constraints)
}

// UpdateValueByReflect is UpdateValueByCompare for values that == cannot
// compare; the zero value is found with semantic equality.
func UpdateValueByReflect[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T, constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) || oldValue == nil {
		return nil
	}
	var zero T
	wasSet := !semantic.DeepEqual(*oldValue, zero)
	isSet := !semantic.DeepEqual(*value, zero)
	return transition(fldPath, wasSet, isSet, constraints)
}

// UpdatePointer enforces constraints on a pointer, where nil means unset.
func UpdatePointer[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T, constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return transition(fldPath, oldValue != nil, value != nil, constraints)
}

// UpdateStruct enforces constraints on a non-pointer struct, which is always
// set: only NoModify can apply.
func UpdateStruct[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue *T, constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) || oldValue == nil {
		return nil
	}
	return transition(fldPath, true, true, constraints)
}

// transition reports the set/unset/modify constraints a change violates.
func transition(fldPath *field.Path, wasSet, isSet bool, constraints []UpdateConstraint) field.ErrorList {
	var errs field.ErrorList
	for _, c := range constraints {
		var detail string
		switch {
		case c == NoSet && !wasSet && isSet:
			detail = "field cannot be set once created"
		case c == NoUnset && wasSet && !isSet:
			detail = "field cannot be cleared once set"
		case c == NoModify && wasSet && isSet:
			detail = "field cannot be modified once set"
		default:
			continue
		}
		errs = append(errs, field.Invalid(fldPath, nil, detail).WithOrigin("update"))
	}
	return errs
}

// ValSliceUpdate enforces constraints on a list of values. An empty list is
// unset. NoAddItem and NoRemoveItem identify items with match (the list-map
// keys or the whole value of a set).
func ValSliceUpdate[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue []T, match MatchFunc[*T], constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return sliceUpdate(fldPath, valueItems(value), valueItems(oldValue), match, constraints)
}

// PtrSliceUpdate is ValSliceUpdate for a list of pointers; nil items are
// ignored (a separate check reports them).
func PtrSliceUpdate[T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue []*T, match MatchFunc[*T], constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return sliceUpdate(fldPath, pointerItems(value), pointerItems(oldValue), match, constraints)
}

func sliceUpdate[T any](fldPath *field.Path, items, oldItems items[T], match MatchFunc[*T], constraints []UpdateConstraint) field.ErrorList {
	needsMatch := slices.Contains(constraints, NoAddItem) || slices.Contains(constraints, NoRemoveItem)
	if needsMatch && match == nil {
		return field.ErrorList{field.InternalError(fldPath, fmt.Errorf("NoAddItem and NoRemoveItem need a match function to identify items"))}
	}
	var errs field.ErrorList
	for _, c := range constraints {
		switch c {
		case NoSet, NoUnset:
			errs = append(errs, transition(fldPath, oldItems.len > 0, items.len > 0, []UpdateConstraint{c})...)
		case NoAddItem:
			for i := range items.len {
				if item := items.at(i); item != nil && oldItems.find(item, match) == nil {
					errs = append(errs, field.Forbidden(fldPath.Index(i), "item may not be added").WithOrigin("update"))
				}
			}
		case NoRemoveItem:
			for i := range oldItems.len {
				if old := oldItems.at(i); old != nil && items.find(old, match) == nil {
					errs = append(errs, field.Forbidden(fldPath, "item may not be removed").WithOrigin("update"))
				}
			}
		}
	}
	return errs
}

// UpdateMap enforces constraints on a map. An empty map is unset; keys
// identify items. Errors about keys come in key order.
func UpdateMap[K comparable, V any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue map[K]V, constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	var errs field.ErrorList
	for _, c := range constraints {
		switch c {
		case NoSet, NoUnset:
			errs = append(errs, transition(fldPath, len(oldValue) > 0, len(value) > 0, []UpdateConstraint{c})...)
		case NoAddItem:
			errs = append(errs, missingKeys(fldPath, value, oldValue, "item may not be added")...)
		case NoRemoveItem:
			errs = append(errs, missingKeys(fldPath, oldValue, value, "item may not be removed")...)
		}
	}
	return errs
}

// missingKeys reports each key of from that to lacks.
func missingKeys[K comparable, V any](fldPath *field.Path, from, to map[K]V, detail string) field.ErrorList {
	var keys []string
	for k := range from {
		if _, ok := to[k]; !ok {
			keys = append(keys, fmt.Sprint(k))
		}
	}
	sort.Strings(keys)
	var errs field.ErrorList
	for _, k := range keys {
		errs = append(errs, field.Forbidden(fldPath.Key(k), detail).WithOrigin("update"))
	}
	return errs
}
