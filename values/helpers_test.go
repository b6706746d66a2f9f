package values

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// decode reads JSON as kube-apiserver does: integers are int64. Scalars and
// arrays are wrapped in an object to pass the manifest reader.
func decode(t testing.TB, text string) any {
	t.Helper()
	d, err := manifest.NewReader("test", strings.NewReader(`{"v": `+text+`}`)).Next()
	if err != nil {
		t.Fatalf("decoding %s: %v", text, err)
	}
	return d.Object["v"]
}

func compile(t testing.TB, schemaJSON string) *Validator {
	t.Helper()
	s, errs := schema.Parse(nil, decode(t, schemaJSON))
	if len(errs) > 0 {
		t.Fatalf("parsing %s: %v", schemaJSON, errs)
	}
	v, err := Compile(s)
	if err != nil {
		t.Fatalf("compiling %s: %v", schemaJSON, err)
	}
	return v
}

// render prints errors as "Type|Field|Detail|BadValue" lines, BadValue with
// %#v so that types show.
func render(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s|%s|%s|%#v", e.Type, e.Field, e.Detail, e.BadValue)
	}
	return out
}

func sortedRender(errs field.ErrorList) []string {
	out := render(errs)
	sort.Strings(out)
	return out
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// check validates value against schemaJSON on create and compares with want.
func check(t *testing.T, schemaJSON, value string, want ...string) {
	t.Helper()
	got := render(compile(t, schemaJSON).Validate(nil, decode(t, value)))
	if !equalLines(got, want) {
		t.Errorf("schema %s, value %s:\ngot:\n  %s\nwant:\n  %s", schemaJSON, value,
			strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func fieldPath(name string) *field.Path { return field.NewPath(name) }

func parseSchema(v any) (*schema.Schema, field.ErrorList) { return schema.Parse(nil, v) }

// testCase is one entry of testdata/cases.json.
type testCase struct {
	Name   string   `json:"name"`
	Schema string   `json:"schema"`
	Value  string   `json:"value"`
	Want   []string `json:"want"`
}

func loadCases(t *testing.T) []testCase {
	t.Helper()
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

func sortStrings(s []string) { sort.Strings(s) }
