package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/engine"
)

// floodCRD is a CRD whose objects can hold any number of errors.
const floodCRD = "../../../../testdata/errorflood/crd.yaml"

// floodObject is a Flood with n errors: n strings where integers belong.
func floodObject(n int) string {
	var b strings.Builder
	b.WriteString(`{"apiVersion":"example.kval.dev/v1","kind":"Flood","metadata":{"name":"f"},"spec":{`)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%06d":"x"`, i)
	}
	b.WriteString("}}\n")
	return b.String()
}

// TestAnObjectWithManyErrorsListsTheFirstAndCountsTheRest: the CLI lists
// as many errors as the webhook's answer does, and says how many more.
func TestAnObjectWithManyErrorsListsTheFirstAndCountsTheRest(t *testing.T) {
	crd := floodCRD
	in := floodObject(engine.MaxAnsweredErrors + 321)
	var out, errOut bytes.Buffer
	if code := Main([]string{"validate", "--crd", crd, "-o", "json", "-"}, strings.NewReader(in), &out, &errOut); code != ExitInvalid {
		t.Fatalf("exit %d; stderr: %s", code, errOut.String())
	}
	var report struct {
		Results []struct {
			Errors     []json.RawMessage `json:"errors"`
			MoreErrors int               `json:"moreErrors"`
		} `json:"results"`
	}
	if err := json.Unmarshal(out.Bytes(), &report); err != nil || len(report.Results) != 1 {
		t.Fatalf("%v: %.300s", err, out.String())
	}
	if r := report.Results[0]; len(r.Errors) != engine.MaxAnsweredErrors || r.MoreErrors != 321 {
		t.Errorf("%d errors listed and %d more, want %d and 321", len(r.Errors), r.MoreErrors, engine.MaxAnsweredErrors)
	}
	out.Reset()
	Main([]string{"validate", "--crd", crd, "-"}, strings.NewReader(in), &out, &errOut)
	if text := out.String(); strings.Count(text, "\n* ") != engine.MaxAnsweredErrors+1 || !strings.Contains(text, "\n* and 321 more errors") {
		t.Errorf("text lists %d causes; ends %q", strings.Count(text, "\n* "), text[max(len(text)-200, 0):])
	}
}

// BenchmarkValidateErrorFlood: kval validate of one object with n errors,
// in the text output.
func BenchmarkValidateErrorFlood(b *testing.B) {
	crd := floodCRD
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			in := floodObject(n)
			b.ReportAllocs()
			for b.Loop() {
				var out, errOut bytes.Buffer
				if code := Main([]string{"validate", "--crd", crd, "-"}, strings.NewReader(in), &out, &errOut); code != ExitInvalid {
					b.Fatalf("exit %d: %s", code, errOut.String())
				}
			}
		})
	}
}
