package fastjson

import (
	"strings"
	"testing"
)

// hollowH hollows the field "h" of an object, its objects at most two
// levels below it.
var hollowH = &Shape{Fields: map[string]*Shape{"h": {Hollow: true, Depth: 2}}}

// checkShaped fails unless DecodeShaped(data, hollowH) declines what
// Decode declines and otherwise gives Decode's value, but for an "h" of
// objects alone within hollowH's depth, with distinct names (at most
// maxHollowFields an object), which it gives as an empty map. It returns
// whether "h" was hollowed.
func checkShaped(t *testing.T, data []byte) bool {
	t.Helper()
	got, hollowed, ok := DecodeShaped(data, hollowH)
	want, wantOK := Decode(data)
	if ok != wantOK {
		t.Fatalf("%q: shaped ok %v, Decode ok %v", data, ok, wantOK)
	}
	if !ok {
		return false
	}
	wantObj, isObject := want.(map[string]any)
	h, hasH := wantObj["h"]
	wantHollow := isObject && hasH && hollowable(h, hollowH.Fields["h"].Depth)
	if wantHollow {
		wantObj["h"] = map[string]any{}
	}
	if !same(got, want) || (hollowed == 1) != wantHollow || hollowed > 1 {
		t.Fatalf("%q: shaped %#v (hollowed %d), want %#v (hollowed: %v)", data, got, hollowed, want, wantHollow)
	}
	return wantHollow
}

// hollowable says what a hollowed object must be, from its decoded value.
func hollowable(v any, levels int) bool {
	m, ok := v.(map[string]any)
	if !ok || levels < 0 || len(m) > maxHollowFields {
		return false
	}
	for _, child := range m {
		if !hollowable(child, levels-1) {
			return false
		}
	}
	return true
}

func TestShapedDecodingHollowsObjectsOfObjects(t *testing.T) {
	many := func(n int) string {
		fields := make([]string, n)
		for i := range fields {
			fields[i] = `"f:` + strings.Repeat("x", i) + `":{}`
		}
		return "{" + strings.Join(fields, ",") + "}"
	}
	for data, hollowed := range map[string]bool{
		`{"h":{}}`: true,
		` {"a":[1],"h" : { "f:a" : { "." : { } , "f:b":{} } } ,"z":null}`: true,
		`{"h":{"a":{"b":{}}}}`:                     true,  // two levels below
		`{"h":{"a":{"b":{"c":{}}}}}`:               false, // three
		`{"h":{"a":"x"}}`:                          false,
		`{"h":{"a":{"b":1}}}`:                      false,
		`{"h":{"a":[]}}`:                           false,
		`{"h":{"a":null}}`:                         false,
		`{"h":[{}]}`:                               false,
		`{"h":"text"}`:                             false,
		`{"x":{"h":{}}}`:                           false, // not where the shape says
		`{"h":{"a":{},"\u0062":{}}}`:               true,
		`{"h":{"\ud83d\ude00":{},"caf\u00e9":{}}}`: true,
		`{"h":` + many(maxHollowFields) + `}`:      true,
		`{"h":` + many(maxHollowFields+1) + `}`:    false,
	} {
		if got := checkShaped(t, []byte(data)); got != hollowed {
			t.Errorf("%.80q: hollowed %v, want %v", data, got, hollowed)
		}
	}
}

// TestShapedDecodingDeclinesAsDecodeDoes: a duplicate, however spelt, or
// a syntax error in an object that would have been hollowed declines.
func TestShapedDecodingDeclinesAsDecodeDoes(t *testing.T) {
	for _, data := range []string{
		`{"h":{"a":{},"a":{}}}`, `{"h":{"a":{},"\u0061":{}}}`, `{"h":{"a":{"b":{},"b":{}}}}`, "{\"h\":{\"\xff\":{},\"\xfe\":{}}}",
		`{"h":{"a":{}`, `{"h":{"a":{},}}`, `{"h":{"a" {}}}`, `{"h":{a:{}}}`, `{"h":{"a":{}}} x`, `{"h":{},"h":{}}`,
	} {
		if _, _, ok := DecodeShaped([]byte(data), hollowH); ok {
			t.Errorf("%q: taken", data)
		}
		checkShaped(t, []byte(data))
	}
}

// FuzzShapedDecodingAsDecode: whatever the data, DecodeShaped answers as
// Decode, an "h" of objects alone hollowed.
func FuzzShapedDecodingAsDecode(f *testing.F) {
	for _, s := range []string{`{"h":{"f:a":{".":{},"f:b":{}}}}`, `{"h":{"a":{},"\u0061":{}}}`, `{"h":{"a":{"b":{"c":{}}}}}`, `{"h":{"a":1}}`, `[{"h":{}}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkShaped(t, data) })
}
