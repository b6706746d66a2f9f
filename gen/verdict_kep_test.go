package gen_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/bounds"
	"github.com/kval-dev/kval/gen/testdata/golden/conditions"
	"github.com/kval-dev/kval/gen/testdata/golden/immutability"
	"github.com/kval-dev/kval/gen/testdata/golden/subresources"
)

// The verdicts of the tags kval implements beyond upstream, from KEP-5073.

func updateOf(subresources ...string) operation.Operation {
	return operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: subresources}}
}

func TestSubresourceConditions(t *testing.T) {
	old := &subresources.Pod{Resources: ptr("1cpu"), NodeName: "n1"}
	resized := &subresources.Pod{Resources: ptr("2cpu"), NodeName: "n1"}
	expect(t, subresources.Validate_Pod(ctx, updateOf(), root, resized, old), invalid(path("resources"), "immutable"))
	expect(t, subresources.Validate_Pod(ctx, updateOf("status"), root, resized, old), invalid(path("resources"), "immutable"))
	expectValid(t, subresources.Validate_Pod(ctx, updateOf("resize"), root, resized, old))

	long := &subresources.Pod{Phase: "Terminating", Resources: ptr("1cpu"), NodeName: "n1"}
	expectValid(t, subresources.Validate_Pod(ctx, create, root, long, nil))
	expectValid(t, subresources.Validate_Pod(ctx, updateOf(), root, long, old))
	expect(t, subresources.Validate_Pod(ctx, updateOf("status"), root, long, old), field.TooLong(path("phase"), "", 8).WithOrigin("maxLength"))

	moved := &subresources.Pod{Resources: ptr("1cpu"), NodeName: "n2"}
	expect(t, subresources.Validate_Pod(ctx, updateOf(), root, moved, old), invalid(path("nodeName"), "update"))
	expectValid(t, subresources.Validate_Pod(ctx, updateOf("binding"), root, moved, old))
	// Errors of these beta rules are marked beta for rollout.
	if errs := subresources.Validate_Pod(ctx, updateOf(), root, moved, old); len(errs) != 1 || !errs[0].IsBeta() {
		t.Errorf("errors %v, want one beta error", errs)
	}
}

func TestExclusiveBounds(t *testing.T) {
	cases := []struct {
		name string
		obj  bounds.Autoscaler
		want field.ErrorList
	}{
		{"inside", bounds.Autoscaler{Target: 99, Delay: ptr[int64](0)}, nil},
		{"zero is unset", bounds.Autoscaler{}, nil},
		{"at the upper bound", bounds.Autoscaler{Target: 100}, field.ErrorList{invalid(path("target"), "exclusiveMaximum")}},
		{"below the lower bound", bounds.Autoscaler{Target: -3}, field.ErrorList{invalid(path("target"), "exclusiveMinimum")}},
		{"at the lower bound", bounds.Autoscaler{Delay: ptr[int64](-1)}, field.ErrorList{invalid(path("delay"), "exclusiveMinimum")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			expect(t, bounds.Validate_Autoscaler(ctx, create, root, &c.obj, nil), c.want...)
			// On update an unchanged value ratchets; a changed one is checked.
			expectValid(t, bounds.Validate_Autoscaler(ctx, update, root, &c.obj, &c.obj))
			expect(t, bounds.Validate_Autoscaler(ctx, update, root, &c.obj, &bounds.Autoscaler{Target: 50, Delay: ptr[int64](5)}), c.want...)
		})
	}
	got := bounds.Validate_Autoscaler(ctx, create, root, &bounds.Autoscaler{Target: 100}, nil)
	if len(got) != 1 || got[0].Detail != "must be less than 100" || !got[0].IsBeta() {
		t.Errorf("got %v", got)
	}
}

func TestOptionConditionsUnderKEPNames(t *testing.T) {
	deep := &conditions.Queue{Depth: 500, Name: "a-long-name"}
	off := map[string]bool{"DeepQueues": false, "ShortNames": false}
	on := map[string]bool{"DeepQueues": true, "ShortNames": true}
	expect(t, conditions.Validate_Queue(ctx, withOptions(operation.Create, off), root, deep, nil), invalid(path("depth"), "maximum"))
	expect(t, conditions.Validate_Queue(ctx, withOptions(operation.Create, on), root, deep, nil),
		field.TooLong(path("name"), "", 8).WithOrigin("maxLength"))
	// An option the strategy does not define is the strategy's bug.
	expect(t, conditions.Validate_Queue(ctx, withOptions(operation.Create, map[string]bool{"DeepQueues": true}), root, deep, nil),
		internal("name"))
}

// internal is an internal error at a field: an option the operation does
// not define is a bug of the caller.
func internal(f string) *field.Error {
	return &field.Error{Type: field.ErrorTypeInternal, Field: f}
}

// TestKEPImmutabilityTable walks the rows of KEP-5073's immutability
// tables for the patterns the immutability package declares.
func TestKEPImmutabilityTable(t *testing.T) {
	base := immutability.Volume{Driver: "csi"}
	cases := []struct {
		name     string
		old, new func(v *immutability.Volume)
		want     []*field.Error
	}{
		{"required immutable: modify", func(v *immutability.Volume) {}, func(v *immutability.Volume) { v.Driver = "nfs" },
			[]*field.Error{invalid(path("driver"), "update")}},
		{"set once: set", func(v *immutability.Volume) {}, func(v *immutability.Volume) { v.ClaimName = "c" }, nil},
		{"set once: modify", func(v *immutability.Volume) { v.ClaimName = "c" }, func(v *immutability.Volume) { v.ClaimName = "d" },
			[]*field.Error{invalid(path("claimName"), "update")}},
		{"set once: clear", func(v *immutability.Volume) { v.ClaimName = "c" }, func(v *immutability.Volume) { v.ClaimName = "" },
			[]*field.Error{invalid(path("claimName"), "update")}},
		{"required once set: modify", func(v *immutability.Volume) { v.Phase = ptr("Bound") }, func(v *immutability.Volume) { v.Phase = ptr("Released") }, nil},
		{"required once set: clear", func(v *immutability.Volume) { v.Phase = ptr("Bound") }, func(v *immutability.Volume) { v.Phase = nil },
			[]*field.Error{invalid(path("phase"), "update")}},
		{"immutable scalar: set from zero", func(v *immutability.Volume) {}, func(v *immutability.Volume) { v.HostNetwork = true },
			[]*field.Error{invalid(path("hostNetwork"), "immutable")}},
		{"immutable pointer: set", func(v *immutability.Volume) {}, func(v *immutability.Volume) { v.Source = &immutability.Source{Path: "/"} },
			[]*field.Error{invalid(path("source"), "immutable")}},
		{"immutable struct: modify", func(v *immutability.Volume) { v.Source = &immutability.Source{Path: "/"} },
			func(v *immutability.Volume) { v.Source = &immutability.Source{Path: "/x"} },
			[]*field.Error{invalid(path("source"), "immutable")}},
		{"immutable list: add item", func(v *immutability.Volume) { v.Mounts = []immutability.Mount{{Name: "a"}} },
			func(v *immutability.Volume) { v.Mounts = []immutability.Mount{{Name: "a"}, {Name: "b"}} },
			[]*field.Error{invalid(path("mounts"), "immutable")}},
		{"immutable list: modify item", func(v *immutability.Volume) { v.Mounts = []immutability.Mount{{Name: "a"}} },
			func(v *immutability.Volume) { v.Mounts = []immutability.Mount{{Name: "a", ReadOnly: true}} },
			[]*field.Error{invalid(path("mounts"), "immutable")}},
		{"immutable map: remove entry", func(v *immutability.Volume) { v.Labels = map[string]string{"a": "1"} },
			func(v *immutability.Volume) { v.Labels = map[string]string{} },
			[]*field.Error{invalid(path("labels"), "immutable")}},
		{"append-only: add", func(v *immutability.Volume) { v.Finalizers = []string{"a"} },
			func(v *immutability.Volume) { v.Finalizers = []string{"a", "b"} }, nil},
		{"append-only: remove", func(v *immutability.Volume) { v.Finalizers = []string{"a", "b"} },
			func(v *immutability.Volume) { v.Finalizers = []string{"b"} },
			[]*field.Error{field.Forbidden(path("finalizers"), "").WithOrigin("update")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old, now := base, base
			c.old(&old)
			c.old(&now)
			c.new(&now)
			expectValid(t, immutability.Validate_Volume(ctx, create, root, &old, nil))
			expect(t, immutability.Validate_Volume(ctx, update, root, &now, &old), c.want...)
		})
	}
}
