package cli

import "testing"

func TestValidateGolden(t *testing.T) {
	const crd = "../../examples/crd.yaml"
	cases := []cliCase{
		{golden: "validate/examples", args: []string{"validate", "--crd", crd, "--old", "../../examples/current", "../../examples/objects"}},
		{golden: "validate/examples-json", args: []string{"validate", "--crd", crd, "--old", "../../examples/current", "-o", "json", "../../examples/objects"}},
		{golden: "validate/examples-yaml", args: []string{"validate", "--crd", crd, "-o", "yaml", "../../examples/objects/inventory.yaml"}},
		{golden: "validate/mixed-kinds", args: []string{"validate", "--crd", crd, "testdata/validate/mixed.yaml"}},
		{golden: "validate/status", args: []string{"validate", "--crd", crd, "--old", "../../examples/current", "--subresource", "status", "testdata/validate/status.yaml"}},
		{golden: "validate/status-without-old", args: []string{"validate", "--crd", crd, "--subresource", "status", "testdata/validate/status.yaml"}},
		{golden: "validate/duplicate-old", args: []string{"validate", "--crd", crd, "--old", "testdata/validate/dup-old.yaml", "../../examples/objects"}},
		{golden: "validate/empty-json", args: []string{"validate", "--crd", crd, "-o", "json", "-"}},
		{golden: "validate/invalid-crd", args: []string{"validate", "--crd", "testdata/validate/bad-crd.yaml", "../../examples/objects"}},
		{golden: "validate/bad-flags", args: []string{"validate", "--crd", crd, "--subresource", "scale", "-"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
