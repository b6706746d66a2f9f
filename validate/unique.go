package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// SliceUnique reports every item of a list that matches an earlier item
// (by list-map keys, or by value for sets), at the later item's index.
func SliceUnique[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []T, match MatchFunc[*T]) field.ErrorList {
	return duplicates(fldPath, valueItems(value), match, func(i int) any { return value[i] })
}

// PtrSliceUnique is SliceUnique for a list of pointers; nil items are
// skipped.
func PtrSliceUnique[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []*T, match MatchFunc[*T]) field.ErrorList {
	return duplicates(fldPath, pointerItems(value), match, func(i int) any { return value[i] })
}

// duplicates compares every pair of items; lists are short, and a pairwise
// scan needs no hashing of arbitrary types.
func duplicates[T any](fldPath *field.Path, list items[T], match MatchFunc[*T], badValue func(i int) any) field.ErrorList {
	var errs field.ErrorList
	for j := 1; j < list.len; j++ {
		later := list.at(j)
		if later == nil {
			continue
		}
		for i := range j {
			if earlier := list.at(i); earlier != nil && match(earlier, later) {
				errs = append(errs, field.Duplicate(fldPath.Index(j), badValue(j)))
				break
			}
		}
	}
	return errs
}
