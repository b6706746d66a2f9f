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
	compare.CheckInvalidChannels(t, "conformance/gatewaycrd17: Gateway API v1.7.0",
		compare.InvalidChannel{Name: "experimental", Dir: root, Generated: generatedCRDs(t), Released: releasedDir(t), Min: 30},
		compare.InvalidChannel{Name: "standard", Dir: filepath.Join(root, "standard"), Generated: generatedStandardCRDs(t), Released: releasedStandardDir(t), Min: 20})
}
