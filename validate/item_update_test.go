package validate

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func isApproved(c *kv) bool { return c.K == "Approved" }

func sameKV(a, b *kv) bool { return *a == *b }

func TestItemUpdateConstraintsFollowTheSelectedItem(t *testing.T) {
	all := []UpdateConstraint{NoSet, NoUnset, NoModify}
	approved, other := kv{"Approved", 1}, kv{"InProgress", 1}
	added := field.Forbidden(path.Index(1), "item may not be added").WithOrigin("update")
	removed := field.Forbidden(path, "item may not be removed").WithOrigin("update")
	modified := field.Invalid(path.Index(0), nil, "field cannot be modified once set").WithOrigin("update")
	cases := []struct {
		name        string
		now, old    []kv
		constraints []UpdateConstraint
		want        field.ErrorList
	}{
		{"adding the item breaks NoSet", []kv{other, approved}, []kv{other}, all, field.ErrorList{added}},
		{"NoAddItem is NoSet for an item", []kv{other, approved}, []kv{other}, []UpdateConstraint{NoAddItem}, field.ErrorList{added}},
		{"removing the item breaks NoClear", []kv{other}, []kv{approved}, all, field.ErrorList{removed}},
		{"clearing the list removes the item", nil, []kv{approved}, []UpdateConstraint{NoRemoveItem}, field.ErrorList{removed}},
		{"changing the item breaks NoModify", []kv{{"Approved", 2}}, []kv{approved}, all, field.ErrorList{modified}},
		{"moving the item is no change", []kv{other, approved}, []kv{approved, other}, all, nil},
		{"other items come and go freely", []kv{approved, {"X", 1}}, []kv{approved, other}, all, nil},
		{"a list without the item may be cleared", nil, []kv{other}, all, nil},
		{"adding is allowed without NoSet", []kv{approved}, nil, []UpdateConstraint{NoUnset, NoModify}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			byAll.Test(t, c.want, SliceItemUpdate(ctx, update, path, c.now, c.old, isApproved, sameKV, c.constraints...))
		})
	}
	if errs := SliceItemUpdate(ctx, create, path, []kv{approved}, nil, isApproved, sameKV, all...); len(errs) != 0 {
		t.Errorf("create is not an update: %v", errs)
	}
	ptrs := PtrSliceItemUpdate(ctx, update, path, []*kv{nil}, []*kv{&approved}, isApproved, sameKV, NoUnset)
	byAll.Test(t, field.ErrorList{removed}, ptrs)
}

func TestForbiddenItemMustNotExistUnlessStoredUnchanged(t *testing.T) {
	approved, other := kv{"Approved", 1}, kv{"InProgress", 1}
	forbidden := field.ErrorList{field.Forbidden(path.Index(1), "")}
	byAll.Test(t, forbidden, SliceItemForbidden(ctx, create, path, []kv{other, approved}, nil, isApproved, sameKV))
	byAll.Test(t, nil, SliceItemForbidden(ctx, create, path, []kv{other}, nil, isApproved, sameKV))
	byAll.Test(t, forbidden, SliceItemForbidden(ctx, update, path, []kv{other, approved}, []kv{other}, isApproved, sameKV))
	// Ratcheting: the stored item is kept while another item changes.
	byAll.Test(t, nil, SliceItemForbidden(ctx, update, path, []kv{{"X", 2}, approved}, []kv{approved}, isApproved, sameKV))
	byAll.Test(t, forbidden, SliceItemForbidden(ctx, update, path, []kv{other, {"Approved", 2}}, []kv{approved}, isApproved, sameKV))
	byAll.Test(t, forbidden, PtrSliceItemForbidden(ctx, create, path, []*kv{nil, &approved}, nil, isApproved, sameKV))
}
