package cli

import (
	"os"
	"strings"
	"testing"
)

// TestValidateParamsGolden: with --operator-versions, KUDO Instances are
// also judged by the immutable-parameter rules: a changed immutable value
// and an upgrade without the values it needs are invalid, with the rules'
// messages; a missing OperatorVersion is an error of the Instance
// (spec.operatorVersion.name: Not found), as the webhook says it.
func TestValidateParamsGolden(t *testing.T) {
	const (
		crds    = "../../../../examples/params/kudo-crds.yaml"
		ovs     = "../../../../examples/params/v1,../../../../examples/params/v2"
		stored  = "testdata/validate-params/stored.yaml"
		changes = "testdata/validate-params/changes.yaml"
	)
	cases := []cliCase{
		{golden: "validate-params/updates", args: []string{"validate", "--crd", crds, "--operator-versions", ovs, "--old", stored, changes}},
		{golden: "validate-params/missing-operator-version", args: []string{"validate", "--crd", crds, "--operator-versions", "../../../../examples/params/v2", "--old", stored, changes}},
		{golden: "validate-params/without-rules", args: []string{"validate", "--crd", crds, "--old", stored, changes}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestValidateParamsUnusableOperatorVersions: an --operator-versions path
// that cannot be read, an OperatorVersion that Verify refuses or that is
// not one at all makes the input unusable (exit 2) and says which.
func TestValidateParamsUnusableOperatorVersions(t *testing.T) {
	bad := t.TempDir() + "/ov.yaml"
	if err := os.WriteFile(bad, []byte("apiVersion: kudo.dev/v1beta1\nkind: OperatorVersion\nmetadata: {name: x}\nspec: {parameters: [{name: A, value-type: nosuchtype}]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	nameless := t.TempDir() + "/nameless.yaml"
	if err := os.WriteFile(nameless, []byte("apiVersion: kudo.dev/v1beta1\nkind: OperatorVersion\nmetadata: {}\nspec: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"testdata/validate-params/no-such-dir", "no-such-dir"},
		{bad, "nosuchtype"},
		{nameless, "without metadata.name"},
	} {
		var out, errOut strings.Builder
		code := Main([]string{"validate", "--crd", "../../../../examples/params/kudo-crds.yaml", "--operator-versions", tc.path, "testdata/validate-params/changes.yaml"}, strings.NewReader(""), &out, &errOut)
		if code != ExitBadInput || !strings.Contains(errOut.String(), "--operator-versions") || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("%s: exit %d, stderr %s", tc.path, code, errOut.String())
		}
	}
}
