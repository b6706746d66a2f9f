package listtypes

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// testCase is one entry of testdata/cases.json, the errors written as
// "Type|Field|Detail|BadValue" (BadValue with %#v). conformance/values runs
// the same file through kube-apiserver.
type testCase struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Object json.RawMessage `json:"object"`
	Want   []string        `json:"want"`
}

func TestCases(t *testing.T) {
	data, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			v := Compile(parse(t, tc.Schema))
			obj := decode(t, tc.Object)
			if got := render(v.Validate(nil, obj)); strings.Join(got, "\n") != strings.Join(tc.Want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.Want, "\n  "))
			}
		})
	}
}

func TestUpdateRatchetsWhenOldIsInvalid(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","properties":{"s":{"type":"array","x-kubernetes-list-type":"set"}}}`)))
	bad, good := decode(t, []byte(`{"s":[1,1]}`)), decode(t, []byte(`{"s":[1]}`))
	if res := v.ValidateUpdate(nil, bad, good); len(res.Errors) != 1 || len(res.Ratcheted) != 0 {
		t.Errorf("old valid: got %v", res)
	}
	if res := v.ValidateUpdate(nil, bad, bad); len(res.Errors) != 0 || len(res.Ratcheted) != 1 {
		t.Errorf("old invalid: got %v", res)
	}
	if res := v.ValidateUpdate(nil, good, bad); len(res.Errors)+len(res.Ratcheted) != 0 {
		t.Errorf("new valid: got %v", res)
	}
}

func TestPathPrefix(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","additionalProperties":{"type":"array","x-kubernetes-list-type":"set"}}`)))
	got := render(v.Validate(field.NewPath("status"), decode(t, []byte(`{"k":[true,true]}`))))
	if want := "Duplicate value|status[k][1]||true"; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSchemasWithoutListTypesCompileToNothing(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","properties":{"a":{"type":"array","items":{"type":"object"}}}}`)))
	if v.root != nil {
		t.Error("a schema without set or map lists must not be walked")
	}
}

func TestLongListsCompareLikeShortOnes(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","properties":{"s":{"type":"array","x-kubernetes-list-type":"set"}}}`)))
	var items []string
	for i := 0; i < 2*pairwiseMax; i++ {
		items = append(items, fmt.Sprintf(`{"n":%d}`, i%(pairwiseMax+3)))
	}
	items = append(items, "1", "1.0", "1")
	obj := decode(t, []byte(`{"s":[`+strings.Join(items, ",")+`]}`))
	got := v.Validate(nil, obj)
	if len(got) != pairwiseMax-3+1 {
		t.Errorf("got %d duplicates, want %d: %v", len(got), pairwiseMax-3+1, got)
	}
}

func parse(t *testing.T, raw []byte) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, decode(t, raw))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

func decode(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	d, err := manifest.NewReader("test", strings.NewReader(string(raw))).Next()
	if err != nil {
		t.Fatal(err)
	}
	return d.Object
}

func render(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s|%s|%s|%#v", e.Type, e.Field, e.Detail, e.BadValue)
	}
	return out
}

func TestLongMapListsCompareLikeShortOnes(t *testing.T) {
	v := Compile(parse(t, []byte(`{"type":"object","properties":{"m":{"type":"array",
		"x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name","port"]}}}`)))
	for _, n := range []int{pairwiseMax, 2 * pairwiseMax} {
		var items []string
		for i := 0; i < n; i++ {
			items = append(items, fmt.Sprintf(`{"name":"n%d","port":1}`, i%(n/2)))
		}
		got := v.Validate(nil, decode(t, []byte(`{"m":[`+strings.Join(items, ",")+`]}`)))
		if len(got) != n/2 {
			t.Errorf("%d items: got %d duplicates, want %d", n, len(got), n/2)
		}
		if len(got) > 0 && got[0].Field != fmt.Sprintf("m[%d]", n/2) {
			t.Errorf("%d items: first duplicate at %s", n, got[0].Field)
		}
	}
}
