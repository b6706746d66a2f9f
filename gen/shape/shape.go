package shape

import "go/types"

// Native returns t with every named type replaced by its underlying type,
// keeping pointers: *Phase becomes *string, Items becomes []Item (the element
// keeps its name).
func Native(t types.Type) types.Type {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		return types.NewPointer(Native(p.Elem()))
	}
	return t.Underlying()
}

// NonPointer strips every pointer from t (seeing through aliases).
func NonPointer(t types.Type) types.Type {
	t = types.Unalias(t)
	for {
		p, ok := t.(*types.Pointer)
		if !ok {
			return t
		}
		t = types.Unalias(p.Elem())
	}
}

// Value returns the native, non-pointer type of t: the shape of the value a
// field holds once dereferenced.
func Value(t types.Type) types.Type { return NonPointer(Native(t)) }

// IsPointer reports whether t is a pointer (seeing through aliases, not
// through named types).
func IsPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// Nilable reports whether a value of type t can be nil: pointers, slices,
// maps and interfaces.
func Nilable(t types.Type) bool {
	switch Native(t).(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface:
		return true
	}
	return false
}

// NilableForm returns the type the generated code passes for a value of type
// t: t itself when it is nilable, *t otherwise.
func NilableForm(t types.Type) types.Type {
	if Nilable(t) {
		return t
	}
	return types.NewPointer(t)
}

// DirectComparable reports whether == compares values of t by content:
// basic types, and structs and arrays made only of such. Pointers are not,
// because == would compare addresses.
func DirectComparable(t types.Type) bool {
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Struct:
		for i := range u.NumFields() {
			if !DirectComparable(u.Field(i).Type()) {
				return false
			}
		}
		return true
	case *types.Array:
		return DirectComparable(u.Elem())
	}
	return false
}

// Named returns the named type behind t (seeing through aliases), if t is
// one.
func Named(t types.Type) (*types.Named, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	return n, ok
}

// IsTypedef reports whether t is a named type over a basic type, a slice or
// a map.
func IsTypedef(t types.Type) bool {
	if _, ok := Named(t); !ok {
		return false
	}
	switch t.Underlying().(type) {
	case *types.Basic, *types.Slice, *types.Map:
		return true
	}
	return false
}

// IsNamedStruct reports whether t is a named struct type.
func IsNamedStruct(t types.Type) bool {
	if _, ok := Named(t); !ok {
		return false
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

func basicInfo(t types.Type) (types.BasicInfo, bool) {
	b, ok := Value(t).(*types.Basic)
	if !ok {
		return 0, false
	}
	return b.Info(), true
}

// IsString reports whether t's value is a string (possibly named, possibly
// behind pointers).
func IsString(t types.Type) bool {
	info, ok := basicInfo(t)
	return ok && info&types.IsString != 0
}

// IsBool reports whether t's value is a bool.
func IsBool(t types.Type) bool {
	info, ok := basicInfo(t)
	return ok && info&types.IsBoolean != 0
}

// IsInteger reports whether t's value is an integer.
func IsInteger(t types.Type) bool {
	info, ok := basicInfo(t)
	return ok && info&types.IsInteger != 0
}

// IsUnsigned reports whether t's value is an unsigned integer.
func IsUnsigned(t types.Type) bool {
	info, ok := basicInfo(t)
	return ok && info&types.IsUnsigned != 0
}

// IsBasic reports whether t's value is a basic type (number, string, bool).
func IsBasic(t types.Type) bool {
	_, ok := basicInfo(t)
	return ok
}

// IntBits returns the width in bits of t's integer value (int and uint are
// 64 bits on the platforms Kubernetes supports).
func IntBits(t types.Type) int {
	b, ok := Value(t).(*types.Basic)
	if !ok {
		return 0
	}
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

// Elem returns the element type of a slice, array or map (through names).
func Elem(t types.Type) (types.Type, bool) {
	switch u := Native(t).(type) {
	case *types.Slice:
		return u.Elem(), true
	case *types.Array:
		return u.Elem(), true
	case *types.Map:
		return u.Elem(), true
	}
	return nil, false
}

// IsSlice reports whether t is natively a slice (not a pointer to one).
func IsSlice(t types.Type) bool {
	_, ok := Native(t).(*types.Slice)
	return ok
}

// IsMap reports whether t is natively a map (not a pointer to one).
func IsMap(t types.Type) bool {
	_, ok := Native(t).(*types.Map)
	return ok
}

// IsStruct reports whether t is natively a struct (not a pointer to one).
func IsStruct(t types.Type) bool {
	_, ok := Native(t).(*types.Struct)
	return ok
}

// MapKey returns the key type of a map (through names).
func MapKey(t types.Type) (types.Type, bool) {
	m, ok := Native(t).(*types.Map)
	if !ok {
		return nil, false
	}
	return m.Key(), true
}

// KindName names t's native shape for messages: "string", "pointer",
// "slice", "map", "struct", ...
func KindName(t types.Type) string {
	switch u := Native(t).(type) {
	case *types.Basic:
		return u.Name()
	case *types.Pointer:
		return "pointer"
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Map:
		return "map"
	case *types.Struct:
		return "struct"
	case *types.Interface:
		return "interface"
	case *types.Signature:
		return "func"
	case *types.Chan:
		return "chan"
	}
	return t.String()
}
