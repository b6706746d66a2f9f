package validate

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type shape struct {
	Kind   string
	Circle *int
	Square *int
}

var (
	shapeUnion = NewUnionMembership(NewUnionMember("circle"), NewUnionMember("square"))
	hasCircle  = func(s *shape) bool { return s != nil && s.Circle != nil }
	hasSquare  = func(s *shape) bool { return s != nil && s.Square != nil }
)

func TestUnionNeedsExactlyOneMember(t *testing.T) {
	none := field.ErrorList{field.Invalid(path, "", "must specify one of: `circle`, `square`").WithOrigin("union")}
	both := field.ErrorList{field.Invalid(path, "{circle, square}", "must specify exactly one of: `circle`, `square`").WithOrigin("union")}
	byAll.Test(t, none, Union(ctx, create, path, &shape{}, nil, shapeUnion, hasCircle, hasSquare))
	byAll.Test(t, both, Union(ctx, create, path, &shape{Circle: p(1), Square: p(1)}, nil, shapeUnion, hasCircle, hasSquare))
	expectNone(t, Union(ctx, create, path, &shape{Circle: p(1)}, nil, shapeUnion, hasCircle, hasSquare))
	// An old violation is not reported when membership did not change.
	expectNone(t, Union(ctx, update, path, &shape{}, &shape{}, shapeUnion, hasCircle, hasSquare))
	byAll.Test(t, both, Union(ctx, update, path, &shape{Circle: p(1), Square: p(1)}, &shape{Circle: p(1)}, shapeUnion, hasCircle, hasSquare))
}

func TestZeroOrOneOfAllowsNone(t *testing.T) {
	expectNone(t, ZeroOrOneOfUnion(ctx, create, path, &shape{}, nil, shapeUnion, hasCircle, hasSquare))
	byAll.Test(t, field.ErrorList{field.Invalid(path, "{circle, square}", "must specify at most one of: `circle`, `square`").WithOrigin("zeroOrOneOf")},
		ZeroOrOneOfUnion(ctx, create, path, &shape{Circle: p(1), Square: p(1)}, nil, shapeUnion, hasCircle, hasSquare))
}

func TestDiscriminatedUnionFollowsTheDiscriminator(t *testing.T) {
	u := NewDiscriminatedUnionMembership("kind",
		NewDiscriminatedUnionMember("circle", "Circle"), NewDiscriminatedUnionMember("square", "Square"))
	kind := func(s *shape) string {
		if s == nil {
			return ""
		}
		return s.Kind
	}
	got := DiscriminatedUnion(ctx, create, path, &shape{Kind: "Circle", Square: p(1)}, nil, u, kind, hasCircle, hasSquare)
	want := field.ErrorList{
		field.Invalid(path.Child("circle"), "", "must be specified when `kind` is \"Circle\"").WithOrigin("union"),
		field.Invalid(path.Child("square"), "", "may only be specified when `kind` is \"Square\"").WithOrigin("union"),
	}
	byAll.Test(t, want, got)
	expectNone(t, DiscriminatedUnion(ctx, create, path, &shape{Kind: "Other"}, nil, u, kind, hasCircle, hasSquare))
	expectNone(t, DiscriminatedUnion(ctx, update, path, &shape{Kind: "Circle"}, &shape{Kind: "Circle"}, u, kind, hasCircle, hasSquare))

	internal := DiscriminatedUnion(ctx, create, path, &shape{}, nil, u, kind, hasCircle)
	if len(internal) != 1 || internal[0].Type != field.ErrorTypeInternal {
		t.Errorf("a membership/extractor mismatch must be an internal error, got %v", internal)
	}
}

func TestDiscriminatedAppliesTheModesRule(t *testing.T) {
	getSquare := func(s *shape) *int { return s.Square }
	getKind := func(s *shape) string { return s.Kind }
	rules := []DiscriminatedRule[*int, string]{
		{Value: "Square", Validation: func(ctx2 ctxT, op operation.Operation, fldPath *field.Path, v, ov *int) field.ErrorList {
			return Minimum(ctx2, op, fldPath, v, ov, 10)
		}},
		{Value: "Any"},
	}
	forbid := func(ctx2 ctxT, op operation.Operation, fldPath *field.Path, v, ov *int) field.ErrorList {
		return ForbiddenPointer(ctx2, op, fldPath, v, ov)
	}
	run := func(op operation.Operation, now, old *shape) field.ErrorList {
		return Discriminated(ctx, op, path, now, old, "square", getSquare, getKind, DirectEqual[int], forbid, rules)
	}
	sq := path.Child("square")
	byAll.Test(t, field.ErrorList{field.Invalid(sq, 1, "must be greater than or equal to 10").WithOrigin("minimum")},
		run(create, &shape{Kind: "Square", Square: p(1)}, nil))
	byAll.Test(t, field.ErrorList{field.Forbidden(sq, "")}, run(create, &shape{Kind: "Circle", Square: p(1)}, nil))
	expectNone(t, run(create, &shape{Kind: "Any", Square: p(1)}, nil))
	expectNone(t, run(update, &shape{Kind: "Circle", Square: p(1)}, &shape{Kind: "Circle", Square: p(1)}))
}

func TestDependenciesBetweenSiblings(t *testing.T) {
	run := func(op operation.Operation, now, old *shape, required bool) field.ErrorList {
		if required {
			return DependentRequired(ctx, op, path, now, old, "circle", hasCircle, "square", hasSquare)
		}
		return DependentForbidden(ctx, op, path, now, old, "circle", hasCircle, "square", hasSquare)
	}
	sq := path.Child("square")
	byAll.Test(t, field.ErrorList{field.Required(sq, "must be set when circle is set").WithOrigin("dependentRequired")},
		run(create, &shape{Circle: p(1)}, nil, true))
	expectNone(t, run(create, &shape{}, nil, true))
	byAll.Test(t, field.ErrorList{field.Forbidden(sq, "may not be set when circle is set").WithOrigin("dependentForbidden")},
		run(create, &shape{Circle: p(1), Square: p(1)}, nil, false))
	// Unchanged set-ness ratchets an old violation.
	expectNone(t, run(update, &shape{Circle: p(2)}, &shape{Circle: p(1)}, true))
}
