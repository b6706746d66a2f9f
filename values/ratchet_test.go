package values

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// ratchetCase is one entry of testdata/ratcheting.json: an update and the
// errors kube-apiserver reports and ratchets (conformance/values runs the
// same file through kube-apiserver).
type ratchetCase struct {
	Name      string          `json:"name"`
	Schema    json.RawMessage `json:"schema"`
	Old       json.RawMessage `json:"old"`
	New       json.RawMessage `json:"new"`
	Errors    []string        `json:"errors"`
	Ratcheted []string        `json:"ratcheted"`
}

func TestRatcheting(t *testing.T) {
	data, err := os.ReadFile("testdata/ratcheting.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []ratchetCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			v := compile(t, string(tc.Schema))
			res := v.ValidateUpdate(nil, decode(t, string(tc.New)), decode(t, string(tc.Old)))
			if got := render(res.Errors); !equalLines(got, tc.Errors) {
				t.Errorf("errors:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.Errors, "\n  "))
			}
			if got := render(res.Ratcheted); !equalLines(got, tc.Ratcheted) {
				t.Errorf("ratcheted:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(tc.Ratcheted, "\n  "))
			}
			// Without ratcheting, an update is validated like a create.
			all := append(append([]string(nil), tc.Errors...), tc.Ratcheted...)
			if got := sortedRender(v.Validate(nil, decode(t, string(tc.New)))); !equalLines(got, sorted(all)) {
				t.Errorf("create errors %q, want the union %q", got, all)
			}
		})
	}
}

func sorted(lines []string) []string {
	out := append([]string(nil), lines...)
	sortStrings(out)
	return out
}
