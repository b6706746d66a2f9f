package validationgen

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The conformance run works on a scratch module that is a copy of the parts
// of k8s.io/code-generator it needs (output_tests and testscheme), with the
// same module path so that upstream's tests and their imports compile
// unchanged, and with kval added as a dependency replaced by this checkout.

const (
	upstreamModule = "k8s.io/code-generator"
	kvalModule     = "github.com/kval-dev/kval"
	validationGen  = "cmd/validation-gen"
)

// moduleDir returns the directory of a module this test module depends on.
func moduleDir(t *testing.T, module string) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		t.Fatalf("locating %s: %v", module, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatalf("module %s has no directory; run go mod download", module)
	}
	return dir
}

// scratchModule builds the scratch module in a temporary directory and
// returns its root. Generated files of upstream are left out, so that every
// generated file the tests see is kval's.
func scratchModule(t *testing.T) string {
	t.Helper()
	upstream, kval := moduleDir(t, upstreamModule), moduleDir(t, kvalModule)
	root := t.TempDir()
	for _, dir := range []string{"output_tests", "testscheme"} {
		src := filepath.Join(upstream, validationGen, dir)
		if err := copyTree(src, filepath.Join(root, validationGen, dir), isUpstreamGenerated); err != nil {
			t.Fatalf("copying %s: %v", src, err)
		}
	}
	writeGoMod(t, root, upstream, kval)
	return root
}

// isUpstreamGenerated reports whether a file is upstream's generator output.
func isUpstreamGenerated(name string) bool {
	return strings.HasPrefix(name, "zz_generated.")
}

// copyTree copies a directory tree, leaving out files skip selects. Module
// cache files are read-only; the copies are writable.
func copyTree(src, dst string, skip func(string) bool) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if skip(d.Name()) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// writeGoMod writes the scratch module's go.mod (upstream's, plus kval) and
// a go.sum holding every checksum upstream, kval and this module know.
func writeGoMod(t *testing.T, root, upstream, kval string) {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(upstream, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = append(mod, []byte("\nrequire "+kvalModule+" v0.0.0\n\nreplace "+kvalModule+" => "+kval+"\n")...)
	if err := os.WriteFile(filepath.Join(root, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	sums := map[string]bool{}
	for _, f := range []string{filepath.Join(upstream, "go.sum"), filepath.Join(kval, "go.sum"), "../go.sum"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line != "" {
				sums[line] = true
			}
		}
	}
	lines := make([]string, 0, len(sums))
	for l := range sums {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	if err := os.WriteFile(filepath.Join(root, "go.sum"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// useScratchEnv makes the go command (and go/packages) treat the scratch
// module on its own: no workspace, and go.sum may be completed.
func useScratchEnv(t *testing.T) {
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}

// goCommand runs go in dir and returns its standard output; standard error
// is kept for the failure message.
func goCommand(t *testing.T, dir string, args ...string) ([]byte, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && stderr.Len() > 0 {
		t.Logf("go %s: %s", strings.Join(args, " "), stderr.String())
	}
	return out, err
}
