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

// SliceItemUpdate enforces +k8s:item(key: value)=+k8s:update=... on the one
// item of a list-map that match selects. It runs on the whole list, not on
// the item, because a removed item cannot be visited: NoSet (or NoAddItem)
// forbids adding the item, NoUnset (NoClear, NoRemoveItem) removing it,
// clearing the list included, and NoModify changing it (equiv says it is
// unchanged).
func SliceItemUpdate[L ~[]T, T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T], constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return itemUpdate(fldPath, valueItems(value), valueItems(oldValue), match, equiv, constraints)
}

// PtrSliceItemUpdate is SliceItemUpdate for a list of pointers.
func PtrSliceItemUpdate[L ~[]*T, T any](_ context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T], constraints ...UpdateConstraint) field.ErrorList {
	if !isUpdate(op) {
		return nil
	}
	return itemUpdate(fldPath, pointerItems(value), pointerItems(oldValue), match, equiv, constraints)
}

func itemUpdate[T any](fldPath *field.Path, list, oldList items[T], match MatchItemFunc[*T], equiv MatchFunc[*T],
	constraints []UpdateConstraint) field.ErrorList {
	index, item := list.first(match)
	_, old := oldList.first(match)
	var errs field.ErrorList
	for _, c := range constraints {
		switch {
		case (c == NoSet || c == NoAddItem) && old == nil && item != nil:
			errs = append(errs, field.Forbidden(fldPath.Index(index), "item may not be added").WithOrigin("update"))
		case (c == NoUnset || c == NoRemoveItem) && old != nil && item == nil:
			errs = append(errs, field.Forbidden(fldPath, "item may not be removed").WithOrigin("update"))
		case c == NoModify && old != nil && item != nil && !equiv(item, old):
			errs = append(errs, field.Invalid(fldPath.Index(index), nil, "field cannot be modified once set").WithOrigin("update"))
		}
	}
	return errs
}

// SliceItemForbidden reports the item of a list-map that match selects
// (+k8s:item(key: value)=+k8s:forbidden): the item must not exist. On update
// an item equivalent (equiv) to the old one is kept (ratcheting): stored data
// is not refused for a change elsewhere in the list.
func SliceItemForbidden[L ~[]T, T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T]) field.ErrorList {
	return selectedItem(ctx, op, fldPath, valueItems(value), valueItems(oldValue), match, equiv, forbiddenItem[T])
}

// PtrSliceItemForbidden is SliceItemForbidden for a list of pointers.
func PtrSliceItemForbidden[L ~[]*T, T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue L,
	match MatchItemFunc[*T], equiv MatchFunc[*T]) field.ErrorList {
	return selectedItem(ctx, op, fldPath, pointerItems(value), pointerItems(oldValue), match, equiv, forbiddenItem[T])
}

// forbiddenItem refuses the item selectedItem found.
func forbiddenItem[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *T) field.ErrorList {
	return field.ErrorList{field.Forbidden(fldPath, "")}
}
