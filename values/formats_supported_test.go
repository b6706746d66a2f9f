package values

import "testing"

func TestFormatSupported(t *testing.T) {
	cases := []struct {
		format, typ string
		want        bool
	}{
		{"date-time", "string", true},
		{"datetime", "string", true},
		{"k8s-short-name", "", true},
		{"foo", "string", false},
		{"date-time", "object", false},
		{"date-time", "integer", false},
		{"int32", "integer", true},
		{"int64", "integer", true},
		{"float", "integer", false},
		{"double", "number", true},
		{"int32", "number", false},
		{"byte", "boolean", false},
	}
	for _, c := range cases {
		if got := FormatSupported(c.format, c.typ); got != c.want {
			t.Errorf("FormatSupported(%q, %q) = %v, want %v", c.format, c.typ, got, c.want)
		}
	}
}
