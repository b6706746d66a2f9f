package values

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestUnitCases runs the table of the values package's unit tests
// (values/testdata/cases.json) through kube-apiserver, so that the
// expectations written there are upstream's, and through kval.
func TestUnitCases(t *testing.T) {
	data, err := os.ReadFile("../../values/testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name, Schema, Value string
		Want                []string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	var c tally
	for _, tc := range cases {
		p, _ := craftedPair(t, tc.Schema)
		v := decodeJSON(t, tc.Value)
		// The order is checked by p.create (upstream's is partly random); the
		// unit test checks kval's order.
		got := renderErrors(p.upstream.create(nil, v))
		want := append([]string(nil), tc.Want...)
		sort.Strings(got)
		sort.Strings(want)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: upstream reports\n  %s\nthe unit test expects\n  %s", tc.Name, strings.Join(got, "\n  "), strings.Join(tc.Want, "\n  "))
		}
		p.create(t, &c, tc.Name, v)
	}
	report(t, fmt.Sprintf("unit test cases (%d)", len(cases)), c)
}

// renderErrors prints errors as the unit tests of package values do.
func renderErrors(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = fmt.Sprintf("%s|%s|%s|%#v", e.Type, e.Field, e.Detail, e.BadValue)
	}
	return out
}
