package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestKubectlPlugin: invoked as kubectl-kval, kval runs the same commands
// and its help names it as kubectl does.
func TestKubectlPlugin(t *testing.T) {
	for _, arg0 := range []string{"/usr/local/bin/kubectl-kval", "kubectl-kval.exe"} {
		var out, errOut bytes.Buffer
		code := MainAs(arg0, []string{"validate", "--help"}, strings.NewReader(""), &out, &errOut)
		if code != ExitValid || !strings.Contains(out.String(), "\n  kubectl kval validate [--crd SOURCE...]") {
			t.Errorf("%s: exit %d, help:\n%s", arg0, code, out.String())
		}
	}
	var out, errOut bytes.Buffer
	code := MainAs("kubectl-kval", []string{"validate", "--crd", "../../../../examples/crd.yaml", "../../../../examples/objects/analytics.yaml"}, strings.NewReader(""), &out, &errOut)
	if code != ExitValid || !strings.Contains(out.String(), `Database "analytics" is valid (create)`) {
		t.Errorf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	MainAs("kval", []string{"validate", "--help"}, strings.NewReader(""), &out, &errOut)
	if !strings.Contains(out.String(), "\n  kval validate [--crd SOURCE...]") {
		t.Errorf("as kval:\n%s", out.String())
	}
}
