package cli

import "testing"

// TestValidateParamsGolden: with --operator-versions, KUDO Instances are
// also judged by the immutable-parameter rules: a changed immutable value
// and an upgrade without the values it needs are invalid, with the rules'
// messages; a missing OperatorVersion makes the input unusable.
func TestValidateParamsGolden(t *testing.T) {
	const (
		crds    = "../../examples/params/kudo-crds.yaml"
		ovs     = "../../examples/params/v1,../../examples/params/v2"
		stored  = "testdata/validate-params/stored.yaml"
		changes = "testdata/validate-params/changes.yaml"
	)
	cases := []cliCase{
		{golden: "validate-params/updates", args: []string{"validate", "--crd", crds, "--operator-versions", ovs, "--old", stored, changes}},
		{golden: "validate-params/missing-operator-version", args: []string{"validate", "--crd", crds, "--operator-versions", "../../examples/params/v2", "--old", stored, changes}},
		{golden: "validate-params/without-rules", args: []string{"validate", "--crd", crds, "--old", stored, changes}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
