package cli

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestValidateGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	cases := []cliCase{
		{golden: "validate/examples", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--old", "../../../../examples/current", "../../../../examples/objects"}},
		{golden: "validate/examples-json", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--old", "../../../../examples/current", "-o", "json", "../../../../examples/objects"}},
		{golden: "validate/examples-yaml", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "-o", "yaml", "../../../../examples/objects/inventory.yaml"}},
		{golden: "validate/mixed-kinds", args: []string{"validate", "--crd", crd, "testdata/validate/mixed.yaml"}},
		{golden: "validate/status", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "--subresource", "status", "testdata/validate/status.yaml"}},
		{golden: "validate/status-without-old", args: []string{"validate", "--crd", crd, "--subresource", "status", "testdata/validate/status.yaml"}},
		{golden: "validate/duplicate-old", args: []string{"validate", "--crd", crd, "--old", "testdata/validate/dup-old.yaml", "../../../../examples/objects"}},
		{golden: "validate/empty-json", args: []string{"validate", "--crd", crd, "-o", "json", "-"}},
		{golden: "validate/invalid-crd", args: []string{"validate", "--crd", "testdata/validate/bad-crd.yaml", "testdata/validate/widgets.yaml"}},
		{golden: "validate/bad-flags", args: []string{"validate", "--crd", crd, "--subresource", "scale", "-"}},
		{golden: "validate/only-separators", args: []string{"validate", "--crd", crd, "-"}, stdin: "---\n# nothing\n---\n"},
		{golden: "validate/fail-on-empty", args: []string{"validate", "--crd", crd, "--fail-on-empty", "-"}},
		{golden: "validate/only-skipped", args: []string{"validate", "--crd", crd, "--skip", "Namespace", "--fail-on-empty", "-"}, stdin: "apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n"},
		{golden: "validate/stdin-twice", args: []string{"validate", "--crd", "-", "-"}},
		{golden: "validate/comments-over-3mib", args: []string{"validate", "--crd", crd, "-"}, stdin: commentedObject()},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// commentedObject is a small object under 3.3 MB of comments: kubectl
// sends it as 200 bytes of JSON, which kube-apiserver accepts.
func commentedObject() string {
	return "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: commented, namespace: ns}\n" +
		strings.Repeat("# "+strings.Repeat("-", 98)+"\n", 33000) +
		"spec: {engine: postgres, version: \"16\", primaryZone: z1}\n"
}

func TestJobsAreCapped(t *testing.T) {
	for _, jobs := range []string{"100000000", "2305843009213693952", fmt.Sprint(maxJobs() + 1)} {
		code, _, stderr := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "-j", jobs, "-")
		if code != ExitBadInput || !strings.Contains(stderr, fmt.Sprintf("is more than %d, the maximum (4 × GOMAXPROCS", maxJobs())) {
			t.Errorf("-j %s: exit %d, %s", jobs, code, stderr)
		}
	}
	if code, _, stderr := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "-j", fmt.Sprint(maxJobs()), "../../../../examples/objects/analytics.yaml"); code != ExitValid {
		t.Errorf("-j %d: exit %d, %s", maxJobs(), code, stderr)
	}
}

// TestJobsBoundTheCPUs: -j N runs on at most N CPUs and gives them back.
func TestJobsBoundTheCPUs(t *testing.T) {
	was := runtime.GOMAXPROCS(0)
	restore := useAtMostCPUs(1)
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("-j 1: GOMAXPROCS %d, want 1", got)
	}
	restore()
	useAtMostCPUs(was + 1)()
	if got := runtime.GOMAXPROCS(0); got != was {
		t.Errorf("after the runs: GOMAXPROCS %d, want %d", got, was)
	}
	if code, _, stderr := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "-j", "1", "../../../../examples/objects/analytics.yaml"); code != ExitValid || runtime.GOMAXPROCS(0) != was {
		t.Errorf("-j 1: exit %d, GOMAXPROCS %d after the run (want %d), %s", code, runtime.GOMAXPROCS(0), was, stderr)
	}
}

func TestStdinIsReadOnce(t *testing.T) {
	for _, args := range [][]string{{"lint", "-", "-"}, {"annotate", "-", "-"}, {"openapi", "--crd", "-", "--crd", "-"},
		{"prune", "--crd", "-", "-"}, {"validate", "--crd", "c.yaml", "--old", "-", "-"}} {
		code, _, stderr := runKval(t, "", args...)
		if code != ExitBadInput || !strings.Contains(stderr, `stdin ("-") is given 2 times`) {
			t.Errorf("%q: exit %d, %s", args, code, stderr)
		}
	}
}

// TestPanicsAreInternalErrors: a panic (a bug in kval) is told apart from
// bad input: its own message and ExitInternal, and the other documents are
// still processed.
func TestPanicsAreInternalErrors(t *testing.T) {
	var stderr strings.Builder
	code := func() (code int) {
		defer recoverCrash(&stderr, &code)
		panic("boom")
	}()
	if code != ExitInternal || !strings.HasPrefix(stderr.String(), "error: internal error (a bug in kval") || !strings.Contains(stderr.String(), "goroutine") {
		t.Errorf("exit %d, %s", code, stderr.String())
	}
	r := protect(inputDoc{}, func(inputDoc) objectResult { panic("boom") })
	if resultStatus(&r) != ExitInternal || !strings.Contains(r.Error, "a bug in kval") || !strings.HasSuffix(r.Error, ": boom") {
		t.Errorf("result %+v", r)
	}
}

// TestValidateHelpFirstExample: the first example of kval validate --help,
// run from the repository's root, validates the example Databases and
// nothing else (no Chart.yaml, values file or template read as a manifest).
func TestValidateHelpFirstExample(t *testing.T) {
	example := strings.Fields(strings.SplitN(newValidateCommand(streams{}).Example, "\n", 2)[0])
	if example[0] != "kval" {
		t.Fatalf("first example %q", example)
	}
	args := example[1:]
	for i, a := range args {
		if strings.HasPrefix(a, "examples/") {
			args[i] = "../../../../" + a
		}
	}
	_, stdout, stderr := runKval(t, "", args...)
	files := map[string]bool{}
	for _, line := range strings.Split(stdout, "\n") {
		if file, _, found := strings.Cut(line, ":"); found && strings.Contains(line, `Database "`) {
			files[file] = true
		}
	}
	if len(files) != 5 || !strings.Contains(stdout, `Database "analytics" is valid`) || strings.Contains(stdout, "invalid document") || strings.Contains(stdout, "no schema") {
		t.Errorf("%q:\n%s%s", example, stdout, stderr)
	}
}
