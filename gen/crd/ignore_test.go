package crd

import (
	"strings"
	"testing"
)

// TestIgnorePrefixes: a marker of another tool is a problem by default
// and left alone only when the caller names its prefix.
func TestIgnorePrefixes(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/foreign"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Msg, "unknown marker +gateway:experimental") {
		t.Errorf("without IgnorePrefixes: problems %v", res.Problems)
	}
	res, err = Generate(Options{Patterns: []string{"./testdata/foreign"}, IgnorePrefixes: []string{"gateway:"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Errorf("with IgnorePrefixes: problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
}
