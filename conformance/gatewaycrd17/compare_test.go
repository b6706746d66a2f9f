package gatewaycrd17

import (
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
)

// TestCompareWithReleased: kval's CRD of each Gateway API v1.7.0 kind, with
// Gateway's tweaks, is the released experimental one but for the
// differences listed in differences_test.go.
func TestCompareWithReleased(t *testing.T) {
	rel, err := compare.ReadCRDs(releasedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/gatewaycrd17: Gateway API v1.7.0, the released experimental channel (differences_test.go)",
		generatedCRDs(t), rel, differences)
}

// TestCompareStandardWithReleased: the same for the standard channel
// (compare.Standard), with the released config/crd/standard, but for the
// differences listed in standardDifferences.
func TestCompareStandardWithReleased(t *testing.T) {
	rel, err := compare.ReadCRDs(releasedStandardDir(t))
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/gatewaycrd17: Gateway API v1.7.0, the released standard channel (differences_test.go)",
		generatedStandardCRDs(t), rel, standardDifferences)
}

// TestCompareWithCorpus: the same comparison with the corpus's copy of the
// experimental channel (testdata/corpus/gateway-api/crds-experimental),
// which must be the released CRDs of this version.
func TestCompareWithCorpus(t *testing.T) {
	corpus, err := compare.ReadCRDs(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/gatewaycrd17: Gateway API v1.7.0, testdata/corpus/gateway-api/crds-experimental (differences_test.go)",
		generatedCRDs(t), corpus, differences)
}
