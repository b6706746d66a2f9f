package gatewaycrd

import (
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
)

// TestCompareWithReleased: kval's CRD of each Gateway API kind, with
// Gateway's tweaks, is the released one but for the differences listed in
// differences_test.go; descriptions and the release annotations are not
// compared (package compare says why).
func TestCompareWithReleased(t *testing.T) {
	rel, err := compare.ReadCRDs(releasedDir(t))
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/gatewaycrd: Gateway API v1.6.3, the released experimental channel (differences_test.go)",
		generatedCRDs(t), rel, differences)
}

// TestCompareStandardWithReleased: the same for the standard channel
// (compare.Standard: no experimental field, tag or group, no alpha version
// served), with the released config/crd/standard, but for the differences
// listed in standardDifferences.
func TestCompareStandardWithReleased(t *testing.T) {
	rel, err := compare.ReadCRDs(releasedStandardDir(t))
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/gatewaycrd: Gateway API v1.6.3, the released standard channel (differences_test.go)",
		generatedStandardCRDs(t), rel, standardDifferences)
}
