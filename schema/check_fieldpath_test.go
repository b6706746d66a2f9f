package schema

import (
	"strings"
	"testing"
)

func TestResolveFieldPath(t *testing.T) {
	s := &Schema{Type: "object", Properties: map[string]*Schema{
		"a":   {Type: "string"},
		"a.b": {Type: "string"},
		"m":   {Type: "object", AdditionalProperties: &SchemaOrBool{Allows: true, Schema: &Schema{Type: "integer"}}},
		"any": {Type: "object", AdditionalProperties: &SchemaOrBool{Allows: true}},
	}}
	cases := []struct {
		path, want, err string
		arrays          bool
	}{
		{path: ".a", want: "a"},
		{path: ".m.k", want: "m[k]"},
		{path: ".m['k.x']", want: "m[k.x]", arrays: true},
		{path: "['a.b']", want: "a.b", arrays: true},
		{path: `.m['it\'s']`, want: "m[it's]", arrays: true},
		// As upstream, a quote after a backslash never closes the string.
		{path: `.m['\\']`, arrays: true, err: `expected single quoted string but got '\\']`},
		{path: ".a['x']", arrays: true, err: "does not refer to a valid field"},
		{path: ".m['k']", err: "array notation is not allowed"},
		{path: ".m['k'", arrays: true, err: "unexpected end of JSON path"},
		{path: ".m[k]", arrays: true, err: "expected single quoted string but got k"},
		{path: ".m['k']x", arrays: true, err: "expected [ or . but got: x"},
		{path: ".m['k'x", arrays: true, err: "expected ] but got x"},
		{path: `.m['\q']`, arrays: true, err: `invalid string literal: invalid escape char \q`},
		{path: ".", err: "unexpected end of JSON path"},
		{path: ".nope", err: "does not refer to a valid field"},
		{path: "a", err: "expected [ or . but got: a"},
		// Upstream panics below additionalProperties: true; kval reports the field as unknown.
		{path: ".any.k.x", err: "does not refer to a valid field"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			got, _, err := resolveFieldPath(c.path, s, c.arrays)
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.String() != c.want {
				t.Errorf("path %q, want %q", got.String(), c.want)
			}
		})
	}
}

// Upstream tokenizes with a bufio.Scanner whose buffer holds 64 KiB: a
// longer name ends the path silently when it is last, and is an unexpected
// end after a ".".
func TestResolveFieldPathLongNames(t *testing.T) {
	long := strings.Repeat("x", maxPathToken)
	s := &Schema{Type: "object", Properties: map[string]*Schema{"a": {Type: "object", AdditionalProperties: &SchemaOrBool{Allows: true, Schema: &Schema{}}}}}
	if _, _, err := resolveFieldPath(".a."+long, s, true); err == nil || err.Error() != "unexpected end of JSON path" {
		t.Errorf("64 KiB name: %v", err)
	}
	if p, _, err := resolveFieldPath(".a."+long[1:], s, true); err != nil || p.String() != "a["+long[1:]+"]" {
		t.Errorf("name below 64 KiB: %v", err)
	}
}

func TestUnescapeSingleQuoted(t *testing.T) {
	cases := map[string]string{
		`a\nb`:   "a\nb",
		`\'`:     "'",
		`\\n`:    `\n`,
		`end\`:   `end\`,
		"a\\\nb": "a\\\nb", // a backslash before a line feed is no escape
	}
	for in, want := range cases {
		got, err := unescapeSingleQuoted(in)
		if err != nil || got != want {
			t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := unescapeSingleQuoted(`\x \y`); err == nil || err.Error() != `invalid escape char \y` {
		t.Errorf("the last invalid escape is reported, got %v", err)
	}
}

func TestStructuralErrorOrder(t *testing.T) {
	f := false
	cases := []struct {
		name string
		s    *Schema
		want string
	}{
		{"valid", &Schema{Type: "object"}, ""},
		{"id before $schema", &Schema{Unsupported: &Unsupported{ID: "x", SchemaURI: "y"}}, "OpenAPIV3Schema 'id' is not supported"},
		{"empty $ref converts", &Schema{Unsupported: &Unsupported{Ref: new(string)}}, ""},
		{"not before properties", &Schema{
			Not:        &Schema{Unsupported: &Unsupported{Definitions: map[string]*Schema{"x": {}}}},
			Properties: map[string]*Schema{"a": {Unsupported: &Unsupported{ID: "x"}}},
		}, "OpenAPIV3Schema 'definitions' is not supported"},
		{"preserve false", &Schema{PreserveUnknownFields: &f}, "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"},
		{"items array", &Schema{Unsupported: &Unsupported{ItemsArray: []*Schema{{}}}}, "OpenAPIV3Schema 'items' must be a schema, but is an array"},
	}
	for _, c := range cases {
		err := structuralError(c.s)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
