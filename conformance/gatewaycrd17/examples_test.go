package gatewaycrd17

import (
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
)

// TestExamples: every Gateway API object in the module's examples, and
// broken copies of each, get the same verdict and errors from kval's
// engine with the generated CRDs as with the released ones; the corpus's
// examples (testdata/corpus/gateway-api/examples) are the module's.
func TestExamples(t *testing.T) {
	gen, err := compare.CatalogOf(generatedCRDs(t))
	if err != nil {
		t.Fatal(err)
	}
	rel, err := compare.CatalogOfDir(releasedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	docs, err := compare.ExampleDocs(filepath.Join(moduleDir(t), "examples"))
	if err != nil {
		t.Fatal(err)
	}
	compare.CheckExamples(t, "conformance/gatewaycrd17: Gateway API v1.7.0", gen, rel, docs, 80, 200)
}
