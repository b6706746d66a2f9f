package crd

import (
	"bytes"
	"strings"
	"testing"
)

// TestLowerRewritesTheMarkersAsRules: with Options.Lower the example's
// +immutable markers become transition rules and the extensions, which
// kube-apiserver does not know, are gone; a marker with no faithful rule
// is a problem at its kind, naming the bound that would fix it.
func TestLowerRewritesTheMarkersAsRules(t *testing.T) {
	res, err := Generate(Options{Dir: "../..", Patterns: []string{"./examples/api/..."}, Lower: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	y := res.CRDs[0].YAML
	if bytes.Contains(y, []byte("x-kubernetes-mutability")) || bytes.Contains(y, []byte("x-kubernetes-key-mutability")) {
		t.Errorf("lowered CRD keeps the extensions:\n%s", y)
	}
	if n := bytes.Count(y, []byte("oldSelf")); n < 4 {
		t.Errorf("lowered CRD has %d oldSelf, want a transition rule per marker:\n%s", n, y)
	}
	if c := check(t.Context(), res.CRDs[0]); len(c) > 0 {
		t.Errorf("lowered CRD fails lint: %v", c)
	}

	bad, err := Generate(Options{Patterns: []string{"./testdata/unlowerable"}, Lower: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad.Problems) != 1 || len(bad.CRDs) != 0 {
		t.Fatalf("unlowerable: problems %v, %d CRDs; want one problem and no CRD", bad.Problems, len(bad.CRDs))
	}
	if p := bad.Problems[0]; p.Pos.Line != 11 || !strings.Contains(p.Msg, "cannot be lowered") || !strings.Contains(p.Msg, "maxItems <= 256") {
		t.Errorf("unlowerable: %v", p)
	}
	plain, err := Generate(Options{Patterns: []string{"./testdata/unlowerable"}})
	if err != nil || len(plain.Problems) > 0 {
		t.Errorf("without Lower the package generates: %v %v", err, plain.Problems)
	}
}
