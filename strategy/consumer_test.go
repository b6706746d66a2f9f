package strategy_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// consumerSource is an operator project's package using kval's library
// entry points, the built-in kinds' validation among them.
const consumerSource = `package operator

import (
	_ "github.com/kval-dev/kval/catalog"
	_ "github.com/kval-dev/kval/engine"
	_ "github.com/kval-dev/kval/kvaltest"
	_ "github.com/kval-dev/kval/strategy"
	_ "github.com/kval-dev/kval/webhook"
)
`

// TestOperatorModulesNeedNoReplaceDirectives: k8s.io/kubernetes asks for
// its staging modules at v0.0.0 and replaces them with its own folders,
// which a module that requires it does not inherit. kval's go.mod
// requires every staging module at its release instead, so a module
// importing kval builds with no replace directive for them: the only
// replace here stands in for kval's published version.
func TestOperatorModulesNeedNoReplaceDirectives(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/operator\n\ngo 1.26.0\n\nrequire github.com/kval-dev/kval v0.0.0\n\nreplace github.com/kval-dev/kval => "+root+"\n")
	write(t, filepath.Join(dir, "operator.go"), consumerSource)
	sums, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "go.sum"), string(sums))
	run(t, dir, "go", "build", "./...")
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(mod), "=>"); n != 1 {
		t.Errorf("go.mod has %d replace directives, want kval's alone:\n%s", n, mod)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod -buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
