package values

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestListTypesUnitCases runs the table of the listtypes package's unit
// tests (listtypes/testdata/cases.json) through kube-apiserver, so that the
// expectations written there are upstream's, and through kval.
func TestListTypesUnitCases(t *testing.T) {
	data, err := os.ReadFile("../../listtypes/testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name           string
		Schema, Object json.RawMessage
		Want           []string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	var c tally
	for _, tc := range cases {
		p, _ := craftedPair(t, string(tc.Schema))
		obj := decodeJSON(t, string(tc.Object)).(map[string]any)
		got := renderErrors(p.upstream.listTypes(obj))
		want := append([]string(nil), tc.Want...)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: upstream reports\n  %s\nthe unit test expects\n  %s", tc.Name, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		}
		p.create(t, &c, tc.Name, obj)
	}
	report(t, "listtypes unit cases", c)
}
