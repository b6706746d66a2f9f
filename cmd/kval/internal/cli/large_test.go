package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestValidateManyObjectsInInputOrder validates a stream of thousands of
// objects on several workers: every result comes out, in input order, with
// the right verdict.
func TestValidateManyObjectsInInputOrder(t *testing.T) {
	const n = 3000
	var in strings.Builder
	for i := range n {
		replicas := 1 + i%12 // 10, 11 and 12 exceed the maximum of 9
		fmt.Fprintf(&in, "---\napiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: db-%d, namespace: ns}\nspec: {engine: postgres, version: \"16\", primaryZone: z1, replicas: %d}\n", i, replicas)
	}
	var out, errOut bytes.Buffer
	code := Main([]string{"validate", "--crd", "../../../../examples/crd.yaml", "-j", "4", "-o", "json", "-"}, strings.NewReader(in.String()), &out, &errOut)
	if code != ExitInvalid {
		t.Fatalf("exit %d, want %d; stderr: %s", code, ExitInvalid, errOut.String())
	}
	var report struct {
		Results []struct {
			Name  string `json:"name"`
			Valid bool   `json:"valid"`
		} `json:"results"`
		Summary struct{ Valid, Invalid int } `json:"summary"`
	}
	if err := json.Unmarshal(out.Bytes(), &report); err != nil {
		t.Fatalf("output is not one JSON document: %v", err)
	}
	if len(report.Results) != n {
		t.Fatalf("%d results, want %d", len(report.Results), n)
	}
	invalid := 0
	for i, r := range report.Results {
		if r.Name != fmt.Sprintf("db-%d", i) {
			t.Fatalf("result %d is %s: out of input order", i, r.Name)
		}
		if wantValid := 1+i%12 <= 9; r.Valid != wantValid {
			t.Errorf("%s: valid %v, want %v", r.Name, r.Valid, wantValid)
		}
		if !r.Valid {
			invalid++
		}
	}
	if report.Summary.Invalid != invalid || report.Summary.Valid != n-invalid {
		t.Errorf("summary %+v, want %d invalid of %d", report.Summary, invalid, n)
	}
}
