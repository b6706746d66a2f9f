package validate

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type ctxT = context.Context

type mode string

func TestEnumHonoursOptionExclusions(t *testing.T) {
	allowed := sets.New[mode]("A", "B", "C")
	exclusions := []EnumExclusion[mode]{{Value: "C", Option: "FeatureC", ExcludeWhen: false}}
	off := withOptions(operation.Create, map[string]bool{"FeatureC": false})
	on := withOptions(operation.Create, map[string]bool{"FeatureC": true})

	expectNone(t, Enum(ctx, on, path, p(mode("C")), nil, allowed, exclusions))
	byAll.Test(t, field.ErrorList{field.NotSupported(path, mode("C"), []mode{"A", "B"})},
		Enum(ctx, off, path, p(mode("C")), nil, allowed, exclusions))
	byAll.Test(t, field.ErrorList{field.NotSupported(path, mode("D"), []mode{"A", "B", "C"})},
		Enum(ctx, on, path, p(mode("D")), nil, allowed, exclusions))
	undefined := Enum(ctx, create, path, p(mode("A")), nil, allowed, exclusions)
	if len(undefined) != 1 || undefined[0].Type != field.ErrorTypeInternal {
		t.Errorf("an undefined option must be an internal error, got %v", undefined)
	}
	expectNone(t, Enum[mode](ctx, create, path, nil, nil, allowed, nil))
}

func TestIfOptionRunsOnlyInTheMatchingState(t *testing.T) {
	fail := func(_ context.Context, _ operation.Operation, fldPath *field.Path, _, _ *int) field.ErrorList {
		return field.ErrorList{field.Invalid(fldPath, nil, "ran")}
	}
	on := withOptions(operation.Create, map[string]bool{"X": true})
	if len(IfOption(ctx, on, path, p(1), nil, "X", true, fail)) != 1 {
		t.Error("ifEnabled did not run with the option on")
	}
	expectNone(t, IfOption(ctx, on, path, p(1), nil, "X", false, fail))
	undefined := IfOption(ctx, create, path, p(1), nil, "X", true, fail)
	if len(undefined) != 1 || undefined[0].Type != field.ErrorTypeInternal ||
		undefined[0].Detail != `undefined validation option "X"` {
		t.Errorf("got %v", undefined)
	}
}

func TestNEQQuotesStrings(t *testing.T) {
	byAll.Test(t, field.ErrorList{field.Invalid(path, mode("x"), `must not be equal to "x"`).WithOrigin("neq")},
		NEQ(ctx, create, path, p(mode("x")), nil, "x"))
	byAll.Test(t, field.ErrorList{field.Invalid(path, 0, "must not be equal to 0").WithOrigin("neq")},
		NEQ(ctx, create, path, p(0), nil, 0))
	expectNone(t, NEQ(ctx, create, path, p(true), nil, false))
}

func TestFixedResult(t *testing.T) {
	byAll.Test(t, field.ErrorList{field.Invalid(path, nil, "forced failure: why").WithOrigin("validateFalse")},
		FixedResult(ctx, create, path, p(1), nil, false, "why"))
	expectNone(t, FixedResult(ctx, create, path, p(1), nil, true, "why"))
}

func TestEqualityHelpers(t *testing.T) {
	if !DirectEqual[int](nil, nil) || DirectEqual(p(1), nil) || !DirectEqual(p(1), p(1)) || DirectEqual(p(1), p(2)) {
		t.Error("DirectEqual")
	}
	if !SemanticDeepEqual([]int{}, []int(nil)) {
		t.Error("SemanticDeepEqual treats empty and nil slices as equal, as apimachinery does")
	}
}
