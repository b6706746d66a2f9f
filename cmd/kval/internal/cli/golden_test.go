package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the CLI tests")

// cliCase is one run of kval whose stdout, stderr and exit code are compared
// with a golden file in testdata/<golden>.golden.
type cliCase struct {
	golden string
	args   []string
	stdin  string
}

func runGolden(t *testing.T, c cliCase) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Main(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
	got := fmt.Sprintf("$ kval %s\n--- exit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(c.args, " "), code, stdout.String(), stderr.String())
	path := filepath.Join("testdata", c.golden+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run with -update and review the diff): %v", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update and review the diff):\n%s", path, got)
	}
}
