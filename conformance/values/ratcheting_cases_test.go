package values

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
)

// TestUnitRatchetingCases runs the ratcheting table of the values package's
// unit tests (values/testdata/ratcheting.json) through kube-apiserver, so
// that the expectations written there are upstream's, and through kval.
func TestUnitRatchetingCases(t *testing.T) {
	data, err := os.ReadFile("../../values/testdata/ratcheting.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Name              string
		Schema, Old, New  json.RawMessage
		Errors, Ratcheted []string
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	var c tally
	for _, tc := range cases {
		p, _ := craftedPair(t, string(tc.Schema))
		obj, old := decodeJSON(t, string(tc.New)), decodeJSON(t, string(tc.Old))
		errs, ratcheted := p.upstream.update(nil, obj, old)
		for _, check := range []struct {
			what      string
			got, want []string
		}{{"errors", renderErrors(errs), tc.Errors}, {"ratcheted", renderErrors(ratcheted), tc.Ratcheted}} {
			sort.Strings(check.got)
			want := append([]string(nil), check.want...)
			sort.Strings(want)
			if strings.Join(check.got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: upstream %s\n  %s\nthe unit test expects\n  %s", tc.Name, check.what,
					strings.Join(check.got, "\n  "), strings.Join(want, "\n  "))
			}
		}
		p.update(t, &c, tc.Name, obj, old)
	}
	report(t, "unit ratcheting cases", c)
}
