package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// SliceItem runs validator on the first item of a list-map that match
// selects (+k8s:item(key: value)), at that item's index, with the old item
// the same key selects in the old list. A missing item is not validated, and
// on update an item equivalent (equiv) to its old self is not validated
// again.
func SliceItem[L ~[]T, T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	return selectedItem(ctx, op, fldPath, valueItems(value), valueItems(oldValue), match, equiv, validator)
}

// PtrSliceItem is SliceItem for a list of pointers; nil items are skipped.
func PtrSliceItem[L ~[]*T, T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	return selectedItem(ctx, op, fldPath, pointerItems(value), pointerItems(oldValue), match, equiv, validator)
}

func selectedItem[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, list, oldList items[T],
	match MatchItemFunc[*T], equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	index, item := list.first(match)
	if item == nil {
		return nil
	}
	_, old := oldList.first(match)
	if isUpdate(op) && old != nil && equiv(item, old) {
		return nil
	}
	return validator(ctx, op, fldPath.Index(index), item, old)
}

// first returns the first non-nil item that match selects, and its index.
func (l items[T]) first(match MatchItemFunc[*T]) (int, *T) {
	for i := range l.len {
		if item := l.at(i); item != nil && match(item) {
			return i, item
		}
	}
	return -1, nil
}
