package cli

import "testing"

// TestValidateInputCRDsGolden: CRDs among the objects serve the run, in any
// order, as if given with --crd, and are still validated as objects; a
// Helm chart's crds/ serves as --crd; the same CRD from both places with
// different content makes only that kind's objects invalid, naming both, unless --prefer-crd-flag.
func TestValidateInputCRDsGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	helmOutput := readTestFile(t, "testdata/validate/helm-template-crds.yaml")
	cases := []cliCase{
		// helm template --include-crds ./shop | kval validate -: one pipe, the custom resources' own verdicts.
		{golden: "validate/helm-template-crds", args: []string{"validate", "-n", "shop", "-"}, stdin: helmOutput},
		// The same CRDs from the chart and from the stream: the same content serves once.
		{golden: "validate/helm-template-crds-and-chart", args: []string{"validate", "--crd", "testdata/charts/shop", "-n", "shop", "-"}, stdin: helmOutput},
		// The CRD after its objects, in another file.
		{golden: "validate/crd-after-objects", args: []string{"validate", "-n", "shop", "testdata/validate/helm-template.yaml", crd}},
		{golden: "validate/chart", args: []string{"validate", "--crd", "testdata/charts/shop", "-n", "shop", "testdata/validate/helm-template.yaml"}},
		{golden: "validate/chart-without-crds", args: []string{"validate", "--crd", "testdata/charts/nocrds", "testdata/validate/helm-template.yaml"}},
		{golden: "validate/crd-conflict", args: []string{"validate", "--crd", crd, "testdata/validate/conflicting-crd.yaml"}},
		{golden: "validate/crd-conflict-prefer-flag", args: []string{"validate", "--crd", crd, "--prefer-crd-flag", "testdata/validate/conflicting-crd.yaml"}},
		{golden: "validate/crd-conflict-in-input", args: []string{"validate", crd, "testdata/validate/conflicting-crd.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
