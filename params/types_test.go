package params

import (
	"strings"
	"testing"
)

func TestTypeParse(t *testing.T) {
	cases := []struct {
		typ     Type
		text    string
		wantErr string
	}{
		{String, "anything: [at all", ""},
		{Integer, "2181", ""},
		{Integer, "21.5", `"21.5" is not a valid integer`},
		{Number, "0.25", ""},
		{Number, "250m", `"250m" is not a valid number`},
		{Boolean, "true", ""},
		{Boolean, "yes", `"yes" is not a valid boolean`},
		{Array, "[a, b]", ""},
		{Array, "a: 1", "YAML text of an array expected"},
		{Map, "a: 1", ""},
		{Map, "[a", `"[a" is not a valid map`},
	}
	for _, c := range cases {
		_, err := c.typ.Parse(c.text)
		if got := errText(err); (c.wantErr == "") != (got == "") || !strings.Contains(got, c.wantErr) {
			t.Errorf("%s.Parse(%q) = %q, want %q", c.typ, c.text, got, c.wantErr)
		}
	}
}

func TestTypeEqual(t *testing.T) {
	cases := []struct {
		typ  Type
		a, b string
		want bool
	}{
		{Array, "[a, b]", "- a\n- b\n", true},
		{Array, "[a, b]", "[b, a]", false},
		{Map, "{a: 1, b: 2}", "b: 2\na: 1", true},
		{Integer, "01", "1", false}, // templates see the text
		{String, "x", "x", true},
		{Array, "[a", "[a", true},
	}
	for _, c := range cases {
		if got := c.typ.Equal(c.a, c.b); got != c.want {
			t.Errorf("%s.Equal(%q, %q) = %v, want %v", c.typ, c.a, c.b, got, c.want)
		}
	}
}

func TestTypeText(t *testing.T) {
	cases := []struct {
		typ     Type
		value   any
		want    string
		wantErr string
	}{
		{String, int64(256), "256", ""},
		{Integer, int64(256), "256", ""},
		{Integer, "abc", "abc", "not a valid integer"},
		{Number, 0.25, "0.25", ""},
		{Boolean, false, "false", ""},
		{Array, []any{"a", int64(1)}, "- a\n- 1", ""},
		{Map, map[string]any{"b": int64(2), "a": "x"}, "a: x\nb: 2", ""},
		{Map, "a: 1", "a: 1", ""},
		{String, []any{"a"}, "", "a list is not a valid string"},
		{Array, map[string]any{}, "", "a map is not a valid array"},
		{Integer, nil, "", "null is not a valid integer"},
	}
	for _, c := range cases {
		got, err := c.typ.Text(c.value)
		if (c.wantErr == "") != (err == nil) || !strings.Contains(errText(err), c.wantErr) || (err == nil && got != c.want) {
			t.Errorf("%s.Text(%v) = %q, %v; want %q, %q", c.typ, c.value, got, err, c.want, c.wantErr)
		}
	}
}

func TestTypesAreKnown(t *testing.T) {
	for _, typ := range Types {
		if !typ.Known() {
			t.Errorf("%s not known", typ)
		}
	}
	if !Type("").Known() || Type("float").Known() {
		t.Error("the empty type is string; float is no type")
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
