package validationgen

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkGenerator times a whole run of each generator, as a user runs
// it, on upstream's output_tests tree (about 150 packages): loading,
// evaluating the tags and writing the files. Both run as built binaries in
// a scratch copy of the tree.
func BenchmarkGenerator(b *testing.B) {
	if testing.Short() {
		b.Skip("runs both generators on about 150 packages")
	}
	bin := b.TempDir()
	kval := build(b, bin, "kval", "github.com/kval-dev/kval/cmd/kval")
	upstream := build(b, bin, "validation-gen", "k8s.io/code-generator/cmd/validation-gen")
	tests := scratchOutputTests(b)
	runs := []struct {
		name string
		cmd  []string
	}{
		{"kval", []string{kval, "gen", "./..."}},
		{"upstream", []string{upstream, "--output-file", "zz_generated.validations.go", "./..."}},
	}
	for _, r := range runs {
		b.Run(r.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				removeGenerated(b, tests)
				b.StartTimer()
				cmd := exec.Command(r.cmd[0], r.cmd[1:]...)
				cmd.Dir = tests
				cmd.Env = scratchEnv()
				if out, err := cmd.CombinedOutput(); err != nil {
					b.Fatalf("%s: %v\n%s", r.name, err, out)
				}
			}
		})
	}
}

func build(b *testing.B, dir, name, pkg string) string {
	out := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", out, pkg)
	if msg, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", pkg, err, msg)
	}
	return out
}

func scratchEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}

// scratchOutputTests copies upstream's output_tests and test scheme into a
// module named like upstream's, with kval added, and returns the tree.
func scratchOutputTests(b *testing.B) string {
	upstream, kval := goListDir(b, "k8s.io/code-generator"), goListDir(b, "github.com/kval-dev/kval")
	root := b.TempDir()
	for _, dir := range []string{"output_tests", "testscheme"} {
		src := filepath.Join(upstream, "cmd/validation-gen", dir)
		if err := copyTree(src, filepath.Join(root, "cmd/validation-gen", dir)); err != nil {
			b.Fatal(err)
		}
	}
	mod, err := os.ReadFile(filepath.Join(upstream, "go.mod"))
	if err != nil {
		b.Fatal(err)
	}
	mod = append(mod, []byte("\nrequire github.com/kval-dev/kval v0.0.0\n\nreplace github.com/kval-dev/kval => "+kval+"\n")...)
	sums := concatFiles(b, filepath.Join(upstream, "go.sum"), filepath.Join(kval, "go.sum"), "../go.sum")
	if err := os.WriteFile(filepath.Join(root, "go.mod"), mod, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.sum"), sums, 0o644); err != nil {
		b.Fatal(err)
	}
	return filepath.Join(root, "cmd/validation-gen/output_tests")
}

func goListDir(b *testing.B, module string) string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		b.Fatalf("locating %s: %v", module, err)
	}
	return strings.TrimSpace(string(out))
}

func concatFiles(b *testing.B, paths ...string) []byte {
	var all []byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, data...)
	}
	return all
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// removeGenerated deletes every generated file, so each run starts from
// the same tree.
func removeGenerated(b *testing.B, dir string) {
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "zz_generated.") {
			return os.Remove(path)
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
}
