package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

func runKval(t *testing.T, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	if dir != "" {
		wd, _ := os.Getwd()
		if err := os.Chdir(dir); err != nil {
			t.Fatal(err)
		}
		defer os.Chdir(wd)
	}
	var out, errOut bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestGenDocsPrintsEveryTag(t *testing.T) {
	code, out, _ := runKval(t, "", "gen", "--docs")
	if code != ExitValid || !strings.Contains(out, "## +k8s:required") || !strings.Contains(out, "## +k8s:zeroOrOneOfMember") {
		t.Errorf("exit %d, output:\n%.300s", code, out)
	}
	code, out, _ = runKval(t, "", "gen", "--docs", "-o", "json")
	if code != ExitValid || !strings.HasPrefix(out, "[") {
		t.Errorf("json docs: exit %d, %.100s", code, out)
	}
	if code, _, _ := runKval(t, "", "gen", "--docs", "-o", "yaml"); code != ExitBadInput {
		t.Errorf("unknown docs format: exit %d, want %d", code, ExitBadInput)
	}
}

func TestGenExitCodes(t *testing.T) {
	if code, _, _ := runKval(t, "", "gen"); code != ExitBadInput {
		t.Errorf("no packages: exit %d, want %d", code, ExitBadInput)
	}
	if code, _, _ := runKval(t, "", "gen", "./does-not-exist/..."); code != ExitBadInput {
		t.Errorf("unloadable packages: exit %d, want %d", code, ExitBadInput)
	}

	code, out, _ := runKval(t, "../../../../gen/testdata/golden", "gen", "--lint", "./...")
	if code != ExitValid || !strings.Contains(out, "no problems") {
		t.Errorf("lint of valid packages: exit %d, %s", code, out)
	}

	code, _, errOut := runKval(t, "../../../../gen/testdata/problems", "gen", "--lint", "./...")
	if code != ExitInvalid {
		t.Errorf("lint of broken packages: exit %d, want %d", code, ExitInvalid)
	}
	summary := "problem(s) in github.com/kval-dev/kval/gen/testdata/problems/options, github.com/kval-dev/kval/gen/testdata/problems/shapes, github.com/kval-dev/kval/gen/testdata/problems/tags, github.com/kval-dev/kval/gen/testdata/problems/typedefs, github.com/kval-dev/kval/gen/testdata/problems/virtual\n"
	for _, want := range []string{"tags/types.go:9:5: +k8s:maxLenght=5: unknown tag", "did you mean +k8s:maxLength?", summary} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}
