package jsonvalue

import (
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
)

func TestEqualAndKeyAgreeWithDeepEqual(t *testing.T) {
	values := []any{
		nil, true, false, int64(1), float64(1), "1", "a",
		map[string]any{}, map[string]any(nil), []any{}, []any(nil),
		map[string]any{"a": int64(1)}, map[string]any{"a": float64(1)}, map[string]any{"a": int64(1), "b": nil},
		[]any{int64(1), "x"}, []any{"x", int64(1)}, []any{map[string]any{"k": []any{}}}, []any{map[string]any{"k": []any(nil)}},
	}
	for _, a := range values {
		for _, b := range values {
			want := reflect.DeepEqual(a, b)
			if got := Equal(a, b); got != want {
				t.Errorf("Equal(%#v, %#v) = %v, want %v", a, b, got, want)
			}
			if got, want := SemanticEqual(a, b), equality.Semantic.DeepEqual(a, b); got != want {
				t.Errorf("SemanticEqual(%#v, %#v) = %v, want %v", a, b, got, want)
			}
			if got := Key(a) == Key(b); got != want {
				t.Errorf("Key(%#v) == Key(%#v) is %v, want %v (%q, %q)", a, b, got, want, Key(a), Key(b))
			}
		}
	}
}

func TestDeepCopyCopiesContainersAndNeverPanics(t *testing.T) {
	type notJSON struct{ A int }
	in := map[string]any{"a": []any{map[string]any{"b": int64(1)}}, "odd": notJSON{A: 1}, "n": 7}
	out := DeepCopyObject(in)
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("copy differs: %v", out)
	}
	out["a"].([]any)[0].(map[string]any)["b"] = int64(2)
	if in["a"].([]any)[0].(map[string]any)["b"] != int64(1) {
		t.Errorf("the copy shares a container with the original")
	}
	if !Equal(notJSON{A: 1}, notJSON{A: 1}) || Equal(notJSON{A: 1}, notJSON{A: 2}) {
		t.Errorf("other Go types compare as reflect.DeepEqual")
	}
}

func TestTypeNameNamesJSONTypesAndOtherGoTypes(t *testing.T) {
	for v, want := range map[any]string{nil: "null", "s": "string", true: "boolean", int64(1): "number", 1.5: "number", 7: "int"} {
		if got := TypeName(v); got != want {
			t.Errorf("TypeName(%#v) = %q, want %q", v, got, want)
		}
	}
	if TypeName(map[string]any{}) != "object" || TypeName([]any{}) != "array" {
		t.Errorf("containers")
	}
}
