package validate

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// recorder is a validator that fails every value and remembers what it saw.
type recorder struct {
	paths []string
	olds  []bool
}

func record[T any](r *recorder) ValidateFunc[*T] {
	return func(_ context.Context, _ operation.Operation, fldPath *field.Path, _, old *T) field.ErrorList {
		r.paths = append(r.paths, fldPath.String())
		r.olds = append(r.olds, old != nil)
		return field.ErrorList{field.Invalid(fldPath, nil, "seen")}
	}
}

func TestEachSliceValRatchetsUnchangedItems(t *testing.T) {
	old := []kv{{"a", 1}, {"b", 2}}
	now := []kv{{"b", 2}, {"a", 9}, {"c", 3}}

	var r recorder
	EachSliceVal(ctx, update, path, now, old, sameKey, DirectEqual[kv], record[kv](&r))
	if got := r.paths; len(got) != 2 || got[0] != "spec.f[1]" || got[1] != "spec.f[2]" {
		t.Errorf("validated %v, want the changed item [1] and the new item [2]", got)
	}
	if !r.olds[0] || r.olds[1] {
		t.Errorf("old counterparts %v, want [true false]", r.olds)
	}

	r = recorder{}
	EachSliceVal(ctx, create, path, now, old, sameKey, DirectEqual[kv], record[kv](&r))
	if len(r.paths) != 3 {
		t.Errorf("create validated %v, want every item", r.paths)
	}

	r = recorder{}
	EachSliceVal(ctx, update, path, now, old, nil, nil, record[kv](&r))
	if len(r.paths) != 3 || r.olds[0] {
		t.Errorf("without a match function every item is new: %v %v", r.paths, r.olds)
	}
}

func TestEachPtrSliceValSkipsNils(t *testing.T) {
	var r recorder
	EachPtrSliceVal(ctx, create, path, []*kv{nil, {"a", 1}}, nil, nil, nil, record[kv](&r))
	if len(r.paths) != 1 || r.paths[0] != "spec.f[1]" {
		t.Errorf("validated %v", r.paths)
	}
	byAll.Test(t, field.ErrorList{field.Required(path.Index(0), "")}, PtrSliceNoNils(ctx, create, path, []*kv{nil, {}}, nil))
}

func TestEachMapValAndKeyReportInKeyOrder(t *testing.T) {
	old := map[string]int{"a": 1, "b": 2}
	now := map[string]int{"d": 0, "a": 1, "b": 3, "c": 0}

	var r recorder
	errs := EachMapVal(ctx, update, path, now, old, DirectEqual[int], record[int](&r))
	want := []string{"spec.f[b]", "spec.f[c]", "spec.f[d]"}
	if len(errs) != len(want) {
		t.Fatalf("got %v", errs)
	}
	for i := range want {
		if errs[i].Field != want[i] {
			t.Errorf("error %d at %s, want %s", i, errs[i].Field, want[i])
		}
	}

	var keys []string
	EachMapKey(ctx, update, path, now, old, func(_ context.Context, _ operation.Operation, fldPath *field.Path, key, _ *string) field.ErrorList {
		keys = append(keys, *key)
		return field.ErrorList{field.Invalid(fldPath, *key, "bad key")}
	})
	if len(keys) != 2 {
		t.Errorf("validated keys %v, want only the new keys c and d", keys)
	}
}

func TestUniquenessReportsLaterDuplicates(t *testing.T) {
	list := []kv{{"a", 1}, {"b", 2}, {"a", 3}, {"b", 4}, {"a", 5}}
	errs := SliceUnique(ctx, create, path, list, nil, sameKey)
	want := field.ErrorList{
		field.Duplicate(path.Index(2), list[2]),
		field.Duplicate(path.Index(3), list[3]),
		field.Duplicate(path.Index(4), list[4]),
	}
	field.ErrorMatcher{}.ByType().ByField().ByValue().Test(t, want, errs)
	expectNone(t, SliceUnique(ctx, create, path, []int{1, 2, 3}, nil, DirectEqual[int]))
	ptrs := []*kv{{"a", 1}, nil, {"a", 2}}
	field.ErrorMatcher{}.ByType().ByField().Test(t, field.ErrorList{field.Duplicate(path.Index(2), nil)},
		PtrSliceUnique(ctx, create, path, ptrs, nil, sameKey))
}

func TestSliceItemValidatesTheSelectedItemOnly(t *testing.T) {
	isB := func(item *kv) bool { return item.K == "b" }
	var r recorder
	SliceItem(ctx, create, path, []kv{{"a", 1}, {"b", 2}}, nil, isB, DirectEqual[kv], record[kv](&r))
	if len(r.paths) != 1 || r.paths[0] != "spec.f[1]" {
		t.Errorf("validated %v", r.paths)
	}
	r = recorder{}
	SliceItem(ctx, update, path, []kv{{"b", 2}}, []kv{{"b", 2}}, isB, DirectEqual[kv], record[kv](&r))
	SliceItem(ctx, update, path, []kv{{"a", 2}}, []kv{{"b", 2}}, isB, DirectEqual[kv], record[kv](&r))
	if len(r.paths) != 0 {
		t.Errorf("unchanged or missing items were validated: %v", r.paths)
	}
	PtrSliceItem(ctx, update, path, []*kv{nil, {"b", 3}}, []*kv{{"b", 2}}, isB, DirectEqual[kv], record[kv](&r))
	if len(r.paths) != 1 || !r.olds[0] {
		t.Errorf("changed pointer item: validated %v with old %v", r.paths, r.olds)
	}
}

func TestSubfieldValidatesAtTheSubfieldPath(t *testing.T) {
	get := func(s *kv) *string { return &s.K }
	var r recorder
	Subfield(ctx, update, path, &kv{"x", 1}, &kv{"y", 1}, "k", get, DirectEqual[string], record[string](&r))
	Subfield(ctx, update, path, &kv{"x", 1}, &kv{"x", 2}, "k", get, DirectEqual[string], record[string](&r))
	Subfield(ctx, create, path, nil, nil, "k", get, DirectEqual[string], record[string](&r))
	if len(r.paths) != 1 || r.paths[0] != "spec.f.k" || !r.olds[0] {
		t.Errorf("validated %v (old %v), want only the changed subfield", r.paths, r.olds)
	}
}
