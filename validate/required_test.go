package validate

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestRequirednessTreatsEachShapesEmptinessAsUnset(t *testing.T) {
	required := field.ErrorList{field.Required(path, "")}
	forbidden := field.ErrorList{field.Forbidden(path, "")}
	notSpecified := field.ErrorList{field.Required(path, "optional value was not specified")}
	cases := []struct {
		name      string
		set       bool
		required  field.ErrorList
		forbidden field.ErrorList
		optional  field.ErrorList
	}{
		{"zero string", false,
			RequiredValue(ctx, create, path, p(""), nil), ForbiddenValue(ctx, create, path, p(""), nil), OptionalValue(ctx, create, path, p(""), nil)},
		{"non-zero int", true,
			RequiredValue(ctx, create, path, p(3), nil), ForbiddenValue(ctx, create, path, p(3), nil), OptionalValue(ctx, create, path, p(3), nil)},
		{"nil pointer", false,
			RequiredPointer[int](ctx, create, path, nil, nil), ForbiddenPointer[int](ctx, create, path, nil, nil), OptionalPointer[int](ctx, create, path, nil, nil)},
		{"pointer to zero", true,
			RequiredPointer(ctx, create, path, p(0), nil), ForbiddenPointer(ctx, create, path, p(0), nil), OptionalPointer(ctx, create, path, p(0), nil)},
		{"empty slice", false,
			RequiredSlice(ctx, create, path, []int{}, nil), ForbiddenSlice(ctx, create, path, []int{}, nil), OptionalSlice(ctx, create, path, []int{}, nil)},
		{"one-item slice", true,
			RequiredSlice(ctx, create, path, []int{0}, nil), ForbiddenSlice(ctx, create, path, []int{0}, nil), OptionalSlice(ctx, create, path, []int{0}, nil)},
		{"nil map", false,
			RequiredMap[string, int](ctx, create, path, nil, nil), ForbiddenMap[string, int](ctx, create, path, nil, nil), OptionalMap[string, int](ctx, create, path, nil, nil)},
		{"one-key map", true,
			RequiredMap(ctx, create, path, map[string]int{"a": 0}, nil), ForbiddenMap(ctx, create, path, map[string]int{"a": 0}, nil), OptionalMap(ctx, create, path, map[string]int{"a": 0}, nil)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.set {
				expectNone(t, c.required)
				expectNone(t, c.optional)
				byAll.Test(t, forbidden, c.forbidden)
				return
			}
			byAll.Test(t, required, c.required)
			byAll.Test(t, notSpecified, c.optional)
			expectNone(t, c.forbidden)
		})
	}
}
