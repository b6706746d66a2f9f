package validate

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func invalidUpdate(detail string) *field.Error {
	return field.Invalid(path, nil, detail).WithOrigin("update")
}

var (
	cannotSet    = invalidUpdate("field cannot be set once created")
	cannotClear  = invalidUpdate("field cannot be cleared once set")
	cannotModify = invalidUpdate("field cannot be modified once set")
)

func TestScalarUpdateConstraints(t *testing.T) {
	all := []UpdateConstraint{NoSet, NoUnset, NoModify}
	cases := []struct {
		name string
		got  field.ErrorList
		want field.ErrorList
	}{
		{"value set", UpdateValueByCompare(ctx, update, path, p("x"), p(""), all...), field.ErrorList{cannotSet}},
		{"value cleared", UpdateValueByCompare(ctx, update, path, p(""), p("x"), all...), field.ErrorList{cannotClear}},
		{"value modified", UpdateValueByCompare(ctx, update, path, p("y"), p("x"), all...), field.ErrorList{cannotModify}},
		{"value modification allowed", UpdateValueByCompare(ctx, update, path, p("y"), p("x"), NoSet, NoUnset), nil},
		{"value without counterpart", UpdateValueByCompare(ctx, update, path, p("y"), nil, all...), nil},
		{"create is never a transition", UpdateValueByCompare(ctx, create, path, p("y"), p(""), all...), nil},
		{"pointer set", UpdatePointer(ctx, update, path, p(0), nil, all...), field.ErrorList{cannotSet}},
		{"pointer cleared", UpdatePointer[int](ctx, update, path, nil, p(0), all...), field.ErrorList{cannotClear}},
		{"pointer modified", UpdatePointer(ctx, update, path, p(1), p(0), all...), field.ErrorList{cannotModify}},
		{"reflect value set", UpdateValueByReflect(ctx, update, path, &[]int{1}, &[]int{}, all...), field.ErrorList{cannotSet}},
		{"struct modified", UpdateStruct(ctx, update, path, &struct{ A int }{1}, &struct{ A int }{2}, all...), field.ErrorList{cannotModify}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { byAll.Test(t, c.want, c.got) })
	}
}

type kv struct {
	K string
	V int
}

func sameKey(a, b *kv) bool { return a.K == b.K }

func TestListUpdateConstraintsIdentifyItemsByMatch(t *testing.T) {
	old := []kv{{"a", 1}, {"b", 2}}
	now := []kv{{"b", 3}, {"c", 4}}
	added := field.Forbidden(path.Index(1), "item may not be added").WithOrigin("update")
	removed := field.Forbidden(path, "item may not be removed").WithOrigin("update")

	byAll.Test(t, field.ErrorList{added}, ValSliceUpdate(ctx, update, path, now, old, sameKey, NoAddItem))
	byAll.Test(t, field.ErrorList{removed}, ValSliceUpdate(ctx, update, path, now, old, sameKey, NoRemoveItem))
	byAll.Test(t, field.ErrorList{cannotSet}, ValSliceUpdate(ctx, update, path, now, nil, nil, NoSet))
	byAll.Test(t, field.ErrorList{cannotClear}, ValSliceUpdate(ctx, update, path, nil, old, nil, NoUnset))

	ptrs := func(items []kv) []*kv {
		out := []*kv{nil}
		for i := range items {
			out = append(out, &items[i])
		}
		return out
	}
	addedAfterNil := field.Forbidden(path.Index(2), "item may not be added").WithOrigin("update")
	byAll.Test(t, field.ErrorList{addedAfterNil, removed},
		PtrSliceUpdate(ctx, update, path, ptrs(now), ptrs(old), sameKey, NoAddItem, NoRemoveItem))

	internal := ValSliceUpdate(ctx, update, path, now, old, nil, NoAddItem)
	if len(internal) != 1 || internal[0].Type != field.ErrorTypeInternal {
		t.Errorf("a missing match function must be an internal error, got %v", internal)
	}
}

func TestMapUpdateConstraintsReportKeysInOrder(t *testing.T) {
	old := map[string]int{"a": 1, "z": 1}
	now := map[string]int{"c": 1, "b": 1}
	got := UpdateMap(ctx, update, path, now, old, NoAddItem, NoRemoveItem)
	want := []string{"spec.f[b]", "spec.f[c]", "spec.f[a]", "spec.f[z]"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i, e := range got {
		if e.Field != want[i] || e.Type != field.ErrorTypeForbidden || e.Origin != "update" {
			t.Errorf("error %d = %v, want forbidden at %s", i, e, want[i])
		}
	}
	byAll.Test(t, field.ErrorList{cannotSet}, UpdateMap(ctx, update, path, now, nil, NoSet, NoUnset))
}

func TestImmutableAndMonotonic(t *testing.T) {
	byAll.Test(t, field.ErrorList{field.Invalid(path, nil, "field is immutable").WithOrigin("immutable")},
		Immutable(ctx, update, path, p(1), p(2)))
	expectNone(t, Immutable(ctx, create, path, p(1), nil))
	byAll.Test(t, field.ErrorList{field.Invalid(path, 4, "may not be decreased from 5").WithOrigin("monotonic")},
		Monotonic(ctx, update, path, p(4), p(5)))
	expectNone(t, Monotonic(ctx, update, path, p(6), p(5)))
	expectNone(t, Monotonic(ctx, update, path, p(4), nil))
	expectNone(t, Monotonic(ctx, create, path, p(4), p(5)))
}
