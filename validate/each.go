package validate

import (
	"context"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// EachSliceVal runs validator on every item of a list of values, at the
// item's index.
//
// Ratcheting: on update, match finds each item's counterpart in the old list
// (by list-map keys, or by value for sets); an item whose counterpart is
// equivalent (equiv, or match itself when equiv is nil) is not validated
// again. With a nil match, items have no counterpart and all are validated.
func EachSliceVal[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue []T,
	match, equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	return eachItem(ctx, op, fldPath, valueItems(value), valueItems(oldValue), match, equiv, validator)
}

// EachPtrSliceVal is EachSliceVal for a list of pointers. Nil items are
// skipped; PtrSliceNoNils reports them.
func EachPtrSliceVal[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue []*T,
	match, equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	return eachItem(ctx, op, fldPath, pointerItems(value), pointerItems(oldValue), match, equiv, validator)
}

func eachItem[T any](ctx context.Context, op operation.Operation, fldPath *field.Path, list, oldList items[T],
	match, equiv MatchFunc[*T], validator ValidateFunc[*T]) field.ErrorList {
	var errs field.ErrorList
	for i := range list.len {
		item := list.at(i)
		if item == nil {
			continue
		}
		var old *T
		if match != nil {
			old = oldList.find(item, match)
		}
		if isUpdate(op) && old != nil && (equiv == nil || equiv(item, old)) {
			continue
		}
		errs = append(errs, validator(ctx, op, fldPath.Index(i), item, old)...)
	}
	return errs
}

// EachMapVal runs validator on every value of a map, at the value's key. On
// update, a value equivalent (equiv) to the old value under the same key is
// not validated again; with a nil equiv every value is validated. Errors come
// in key order.
func EachMapVal[K ~string, V any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue map[K]V,
	equiv MatchFunc[*V], validator ValidateFunc[*V]) field.ErrorList {
	var byKey keyedErrors
	for key, val := range value {
		var old *V
		if o, found := oldValue[key]; found {
			old = &o
		}
		if isUpdate(op) && old != nil && equiv != nil && equiv(&val, old) {
			continue
		}
		byKey.add(string(key), validator(ctx, op, fldPath.Key(string(key)), &val, old))
	}
	return byKey.list()
}

// EachMapKey runs validator on every key of a map that is new on update.
// Errors are reported at the map's path, as upstream does, and come in key
// order.
func EachMapKey[K ~string, V any](ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue map[K]V,
	validator ValidateFunc[*K]) field.ErrorList {
	var byKey keyedErrors
	for key := range value {
		if _, found := oldValue[key]; found && isUpdate(op) {
			continue
		}
		byKey.add(string(key), validator(ctx, op, fldPath, &key, nil))
	}
	return byKey.list()
}

// PtrSliceNoNils reports every nil item of a list of pointers. Generated code
// runs it before any other check of such a list, so the others can skip nils.
func PtrSliceNoNils[T any](_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ []*T) field.ErrorList {
	var errs field.ErrorList
	for i, item := range value {
		if item == nil {
			errs = append(errs, field.Required(fldPath.Index(i), ""))
		}
	}
	return errs
}
