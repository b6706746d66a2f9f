package values

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestDefaultCases runs testdata/defaults.json: schemas, default values and
// the errors kube-apiserver reports when a CRD declaring that default is
// created, at the default's path ("default" here). conformance/crdvalidation
// runs the same file through upstream's validator of defaults, so the
// expectations are upstream's; this test pins kval's order.
func TestDefaultCases(t *testing.T) {
	data, err := os.ReadFile("testdata/defaults.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			s, errs := parseSchema(decode(t, tc.Schema))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			got := render(Defaults{}.ValidateDefault(fieldPath("default"), s, decode(t, tc.Value)))
			if !equalLines(got, tc.Want) {
				t.Errorf("schema %s, default %s:\ngot:\n  %s\nwant:\n  %s", tc.Schema, tc.Value,
					strings.Join(got, "\n  "), strings.Join(tc.Want, "\n  "))
			}
		})
	}
}

// TestDefaultsAndCustomResourcesDiffer shows why defaults have their own
// compilation: the same schema and value get different verdicts as a
// default and as a custom resource, as in kube-apiserver.
func TestDefaultsAndCustomResourcesDiffer(t *testing.T) {
	cases := []struct {
		name, schema, value string
		resource, dflt      []string
	}{
		{"int-or-string is untyped for defaults", `{"x-kubernetes-int-or-string":true}`, `{}`,
			[]string{`Invalid value|default| in body must be of type integer,string: "object"|"object"`},
			nil},
		{"formats are not stripped for defaults", `{"type":"object","format":"date-time"}`, `5`,
			[]string{`Invalid value|default| in body must be of type object: "integer"|"integer"`},
			[]string{`Invalid value|default| in body must be of type date-time: "int64"|"int64"`}},
		{"additionalProperties in junctors is dropped for defaults", `{"type":"object","allOf":[{"additionalProperties":false}]}`, `{"a":1}`,
			[]string{`Invalid value|default|.a in body is a forbidden property|"a"`, `Invalid value|default|"" must validate all the schemas (allOf). None validated|""`},
			nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, errs := parseSchema(decode(t, c.schema))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			resource, err := Compile(s)
			if err != nil {
				t.Fatal(err)
			}
			dflt, err := CompileDefault(s)
			if err != nil {
				t.Fatal(err)
			}
			if got := render(resource.Validate(fieldPath("default"), decode(t, c.value))); !equalLines(got, c.resource) {
				t.Errorf("as a custom resource: got %q, want %q", got, c.resource)
			}
			if got := render(dflt.Validate(fieldPath("default"), decode(t, c.value))); !equalLines(got, c.dflt) {
				t.Errorf("as a default: got %q, want %q", got, c.dflt)
			}
		})
	}
}

func TestCompileDefaultRejectsForbiddenKeywords(t *testing.T) {
	s, errs := parseSchema(decode(t, `{"type":"object","properties":{"a":{"definitions":{"x":{}}}}}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if _, err := CompileDefault(s); err == nil {
		t.Error("CompileDefault accepted definitions")
	}
	got := Defaults{}.ValidateDefault(fieldPath("default"), s, map[string]any{})
	if len(got) != 1 || got[0].Type != field.ErrorTypeInternal || got[0].Field != "default" ||
		!strings.Contains(got[0].Detail, "schema.properties[a]: definitions not supported") {
		t.Errorf("got %v, want an internal error at default naming the keyword and its place", got)
	}
	if v, err := CompileDefault(nil); err != nil || v.Validate(fieldPath("default"), 5) != nil {
		t.Errorf("a nil schema must accept everything, got %v", err)
	}
}
