package jsonvalue

import "reflect"

// Equal reports whether a and b are the same JSON value in the strict sense
// of reflect.DeepEqual, without reflection for JSON types: an int64 differs
// from the equal float64, an empty object differs from null, order of array
// items matters. Values of other Go types are compared with reflect.DeepEqual.
func Equal(a, b any) bool { return equal(a, b, false) }

// SemanticEqual is Equal as apimachinery's equality.Semantic.DeepEqual
// compares JSON values: an empty object or array equals a nil one of its
// type (kube-apiserver compares objects this way, e.g. to decide whether an
// update changes the generation).
func SemanticEqual(a, b any) bool { return equal(a, b, true) }

func equal(a, b any, nilIsEmpty bool) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		return ok && sameNil(a == nil, b == nil, nilIsEmpty) && mapsEqual(a, b, nilIsEmpty)
	case []any:
		b, ok := b.([]any)
		return ok && sameNil(a == nil, b == nil, nilIsEmpty) && slicesEqual(a, b, nilIsEmpty)
	case string:
		b, ok := b.(string)
		return ok && a == b
	case int64:
		b, ok := b.(int64)
		return ok && a == b
	case float64:
		b, ok := b.(float64)
		return ok && a == b
	case bool:
		b, ok := b.(bool)
		return ok && a == b
	case nil:
		return b == nil
	}
	return reflect.DeepEqual(a, b)
}

func sameNil(aNil, bNil, nilIsEmpty bool) bool { return nilIsEmpty || aNil == bNil }

func mapsEqual(a, b map[string]any, nilIsEmpty bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k, av := range a {
		bv, found := b[k]
		if !found || !equal(av, bv, nilIsEmpty) {
			return false
		}
	}
	return true
}

func slicesEqual(a, b []any, nilIsEmpty bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !equal(a[i], b[i], nilIsEmpty) {
			return false
		}
	}
	return true
}
