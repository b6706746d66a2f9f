package shape

import (
	"go/types"
	"testing"
)

func named(name string, underlying types.Type) *types.Named {
	pkg := types.NewPackage("example.com/api", "api")
	return types.NewNamed(types.NewTypeName(0, pkg, name, nil), underlying, nil)
}

func TestShapesSeeThroughNamesButNotPointers(t *testing.T) {
	str := types.Typ[types.String]
	phase := named("Phase", str)
	items := named("Items", types.NewSlice(str))
	widget := named("Widget", types.NewStruct([]*types.Var{types.NewField(0, nil, "N", types.Typ[types.Int], false)}, nil))
	withPtr := named("WithPtr", types.NewStruct([]*types.Var{types.NewField(0, nil, "P", types.NewPointer(str), false)}, nil))

	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"*Phase is a string", IsString(types.NewPointer(phase)), true},
		{"Phase is a typedef", IsTypedef(phase), true},
		{"Items is a typedef", IsTypedef(items), true},
		{"Widget is a named struct", IsNamedStruct(widget), true},
		{"Widget is not a typedef", IsTypedef(widget), false},
		{"Items is a slice", IsSlice(items), true},
		{"*Items is not a slice", IsSlice(types.NewPointer(items)), false},
		{"Items is nilable", Nilable(items), true},
		{"Phase is not nilable", Nilable(phase), false},
		{"a struct of ints compares with ==", DirectComparable(widget), true},
		{"a struct with a pointer does not", DirectComparable(withPtr), false},
		{"a pointer does not", DirectComparable(types.NewPointer(str)), false},
		{"uint16 is unsigned", IsUnsigned(types.Typ[types.Uint16]), true},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v", c.name, c.got)
		}
	}
	if got := Native(types.NewPointer(phase)).String(); got != "*string" {
		t.Errorf("Native(*Phase) = %s", got)
	}
	if got := NilableForm(phase).String(); got != "*example.com/api.Phase" {
		t.Errorf("NilableForm(Phase) = %s", got)
	}
	if IntBits(types.Typ[types.Int8]) != 8 || IntBits(types.Typ[types.Int]) != 64 {
		t.Error("IntBits")
	}
}
