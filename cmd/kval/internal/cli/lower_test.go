package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

func TestLowerGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	const bounded = "testdata/lower/bounded.yaml"
	const overTotal = "testdata/lower/over-total.yaml"
	cases := []cliCase{
		{golden: "lower/examples", args: []string{"lower", crd}},
		{golden: "lower/examples-best-effort", args: []string{"lower", "--best-effort", crd}},
		{golden: "lower/bounded", args: []string{"lower", bounded}},
		{golden: "lower/bounded-json-keep", args: []string{"lower", "-o", "json", "--keep-extensions", bounded}},
		{golden: "lower/over-total", args: []string{"lower", overTotal}},
		{golden: "lower/over-total-best-effort", args: []string{"lower", "--best-effort", overTotal}},
		{golden: "lower/invalid", args: []string{"lower", "testdata/lower/invalid.yaml"}},
		{golden: "lower/no-crd", args: []string{"lower", "../../../../examples/objects/orders.yaml"}},
		{golden: "lower/bad-output", args: []string{"lower", "-o", "xml", crd}},
		{golden: "lower/help", args: []string{"lower", "--help"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestLowerOutputPassesLint: the lowered CRDs, printed as YAML and as
// JSON, with and without the extensions, pass kval lint.
func TestLowerOutputPassesLint(t *testing.T) {
	for _, args := range [][]string{
		{"lower", "testdata/lower/bounded.yaml"},
		{"lower", "-o", "json", "testdata/lower/bounded.yaml"},
		{"lower", "--keep-extensions", "testdata/lower/bounded.yaml"},
		{"lower", "--best-effort", "../../../../examples/crd.yaml"},
		{"lower", "--best-effort", "testdata/lower/over-total.yaml"},
		{"lower", "--best-effort", "../../../../testdata/corpus/gateway-api/crds-standard/"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(args, strings.NewReader(""), &stdout, &stderr)
		if code == ExitBadInput || stdout.Len() == 0 {
			t.Fatalf("kval %v: exit %d, %s", args, code, stderr.String())
		}
		docs, errs := manifest.ReadAll("out", &stdout)
		if len(errs) > 0 {
			t.Fatalf("kval %v: output does not read back: %v", args, errs)
		}
		for _, doc := range docs {
			crd, errs := schema.DecodeCRD(doc)
			if len(errs) == 0 {
				errs = lint.CheckCRD(context.Background(), crd, lint.Options{})
			}
			if len(errs) > 0 {
				t.Errorf("kval %v: %s fails kval lint: %v", args, crd.Name(), errs)
			}
		}
	}
}
