package strategy_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	// k8s.io/cri-api is imported by a test of a k8s.io/kubernetes package
	// that package strategy imports, and go mod tidy in a module importing
	// kval loads that test. The module graph such a module sees holds no
	// version of cri-api but k8s.io/kubernetes's v0.0.0 (which only its
	// replace directives resolve), so kval's go.mod must require its
	// release; this import is what keeps go mod tidy in kval from
	// dropping that requirement.
	_ "k8s.io/cri-api/pkg/apis/runtime/v1"
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

// consumerTestSource is the operator's test of its package with kvaltest:
// go mod tidy loads the tests of every package the module's tests
// import, k8s.io/kubernetes's among them.
const consumerTestSource = `package operator

import (
	"testing"

	"github.com/kval-dev/kval/kvaltest"
)

func TestCRDs(t *testing.T) { _ = kvaltest.CRDs() }
`

// TestOperatorModulesNeedNoReplaceDirectives: k8s.io/kubernetes asks for
// its staging modules at v0.0.0 and replaces them with its own folders,
// which a module that requires it does not inherit. kval's go.mod
// requires every staging module at its release instead, so a module
// importing kval builds, and go mod tidy runs, with no replace directive
// for them: the only replace here stands in for kval's published version.
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
	write(t, filepath.Join(dir, "operator_test.go"), consumerTestSource)
	run(t, dir, "go", "mod", "tidy")
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
