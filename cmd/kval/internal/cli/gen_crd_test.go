package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGenCRD(t *testing.T) {
	code, out, errOut := runKval(t, "../../../..", "gen", "crd", "./examples/api/...")
	if code != ExitValid || !strings.Contains(out, "name: databases.example.kval.dev") || errOut != "" {
		t.Fatalf("exit %d, stderr %s, output:\n%.300s", code, errOut, out)
	}
	code, out, _ = runKval(t, "../../../..", "gen", "crd", "--lint", "./examples/api/...")
	if code != ExitValid || out != "no problems, 1 CRD(s)\n" {
		t.Errorf("--lint: exit %d, %q", code, out)
	}
	dir := t.TempDir()
	if code, _, _ := runKval(t, "../../../..", "gen", "crd", "-o", dir, "./examples/api/..."); code != ExitValid {
		t.Fatalf("-o: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "example.kval.dev_databases.yaml")); err != nil {
		t.Error(err)
	}
}

func TestGenCRDProblems(t *testing.T) {
	code, _, errOut := runKval(t, "../../../../gen/crd", "gen", "crd", "./testdata/bad")
	if code != ExitInvalid || !strings.Contains(errOut, "types.go:14:5: unknown marker +frobnicate") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if code, _, _ := runKval(t, "", "gen", "crd"); code != ExitBadInput {
		t.Errorf("no packages: exit %d, want %d", code, ExitBadInput)
	}
}

// TestGenCRDAnnotation: --annotation gives a *.k8s.io group's CRD the
// approval kube-apiserver requires, which no marker of the package gives.
func TestGenCRDAnnotation(t *testing.T) {
	code, _, errOut := runKval(t, "../../../../gen/crd", "gen", "crd", "--lint", "./testdata/protected")
	if code != ExitInvalid || !strings.Contains(errOut, "api-approved.kubernetes.io") {
		t.Errorf("without --annotation: exit %d, stderr:\n%s", code, errOut)
	}
	code, out, errOut := runKval(t, "../../../../gen/crd", "gen", "crd", "--annotation", "api-approved.kubernetes.io=https://example.com/approval", "./testdata/protected")
	if code != ExitValid || !strings.Contains(out, "api-approved.kubernetes.io: https://example.com/approval") {
		t.Errorf("--annotation: exit %d, stderr %s, output:\n%s", code, errOut, out)
	}
}

// TestGenCRDGolden: the CRD generated from examples/api (the operators' guide's
// command), plain and lowered to CEL, and the problems of a package with
// misused markers, of one whose misuse only the CRD's checks catch (at the
// markers' lines) and of one with a marker CEL cannot enforce, as the user
// sees them.
func TestGenCRDGolden(t *testing.T) {
	for _, c := range []cliCase{
		{golden: "gen-crd/examples", args: []string{"gen", "crd", "../../../../examples/api/..."}},
		{golden: "gen-crd/problems", args: []string{"gen", "crd", "../../../../gen/crd/testdata/bad"}},
		{golden: "gen-crd/linted", args: []string{"gen", "crd", "../../../../gen/crd/testdata/linted"}},
		{golden: "gen-crd/lower", args: []string{"gen", "crd", "--lower", "../../../../examples/api/..."}},
		{golden: "gen-crd/unlowerable", args: []string{"gen", "crd", "--lower", "../../../../gen/crd/testdata/unlowerable"}},
	} {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
