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

// TestInvalidExamples: every object of the corpus's invalid examples
// (testdata/corpus/gateway-api/invalid-examples, the module's
// hack/invalid-examples) gets the same rejection and errors from kval's
// engine with the generated CRDs as with the released ones: all of them
// with the experimental channel, those of standard/ with the standard
// channel.
func TestInvalidExamples(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "corpus", "gateway-api", "invalid-examples")
	for _, c := range []struct {
		channel, dir string
		gen          map[string]map[string]any
		released     string
		min          int
	}{
		{"experimental", root, generatedCRDs(t), releasedDir(t), 30},
		{"standard", filepath.Join(root, "standard"), generatedStandardCRDs(t), releasedStandardDir(t), 20},
	} {
		t.Run(c.channel, func(t *testing.T) {
			gen, err := compare.CatalogOf(c.gen)
			if err != nil {
				t.Fatal(err)
			}
			rel, err := compare.CatalogOfDir(c.released)
			if err != nil {
				t.Fatal(err)
			}
			docs, err := compare.ExampleDocs(c.dir)
			if err != nil {
				t.Fatal(err)
			}
			compare.CheckInvalidExamples(t, "conformance/gatewaycrd17: Gateway API v1.7.0, "+c.channel, gen, rel, docs, c.min)
		})
	}
}
