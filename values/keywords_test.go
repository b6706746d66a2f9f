package values

import "testing"

// TestCases runs testdata/cases.json: per keyword and per format, a schema,
// a value and the errors kube-apiserver reports on create, rendered as
// "Type|Field|Detail|BadValue" (BadValue with %#v). conformance/values runs
// the same file through kube-apiserver's validator, so the expectations are
// upstream's.
func TestCases(t *testing.T) {
	for _, tc := range loadCases(t) {
		t.Run(tc.Name, func(t *testing.T) { check(t, tc.Schema, tc.Value, tc.Want...) })
	}
}

func TestStatusPath(t *testing.T) {
	v := compile(t, `{"type":"object","properties":{"a":{"type":"string"}},"anyOf":[{"required":["b"]}]}`)
	got := render(v.Validate(fieldPath("status"), decode(t, `{"a":1}`)))
	want := []string{
		`Invalid value|status|"" must validate at least one schema (anyOf)|""`,
		`Required value|status.b||""`,
		`Invalid value|status.a|a in body must be of type string: "integer"|"integer"`,
	}
	if !equalLines(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestCompileRejectsForbiddenKeywords(t *testing.T) {
	s := decode(t, `{"type":"object","properties":{"a":{"patternProperties":{"x":{}}}}}`)
	parsed, errs := parseSchema(s)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := Compile(parsed); err == nil {
		t.Error("Compile accepted patternProperties")
	}
	if v, err := Compile(nil); err != nil || v.Validate(nil, 5) != nil {
		t.Errorf("a nil schema must accept everything, got %v", err)
	}
}
