package kubeapis

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const generatedFile = "zz_generated.validations.go"

// generatedDirs lists, relative to a module root, the packages holding a
// committed generated file.
func generatedDirs(t *testing.T, root string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor" || d.Name() == "staging") {
			return filepath.SkipDir
		}
		if d.Name() == generatedFile {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			dirs = append(dirs, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(dirs)
	return dirs
}

// copyFile copies one file, writable.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dst, string(data))
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyTree copies a module directory, writable.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		copyFile(t, path, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyAPIPackages copies, for each of k8s.io/kubernetes' generated
// packages, what kval reads: doc.go (the options), validation.go (the
// hand-written functions +k8s:customValidation names) and a register.go
// declaring localSchemeBuilder (upstream's imports the internal types,
// which the comparison does not need); withGenerated adds upstream's
// committed file.
func copyAPIPackages(t *testing.T, kubernetes, tree string, dirs []string, withGenerated bool) {
	t.Helper()
	for _, dir := range dirs {
		for _, name := range []string{"doc.go", "validation.go"} {
			if _, err := os.Stat(filepath.Join(kubernetes, dir, name)); err == nil {
				copyFile(t, filepath.Join(kubernetes, dir, name), filepath.Join(tree, dir, name))
			}
		}
		writeFile(t, filepath.Join(tree, dir, "register.go"), "package "+filepath.Base(dir)+
			"\n\nimport \"k8s.io/apimachinery/pkg/runtime\"\n\nvar localSchemeBuilder = &runtime.SchemeBuilder{}\n")
		if withGenerated {
			copyFile(t, filepath.Join(kubernetes, dir, generatedFile), filepath.Join(tree, dir, generatedFile))
		}
	}
}

// writeGoMod writes a tree's go.mod: the module k8s.io/kubernetes, with
// k8s.io/api and k8s.io/apimachinery replaced by the given directories,
// and kval when the tree holds kval's code; go.sum holds every checksum
// the sources and this module know.
func writeGoMod(t *testing.T, tree string, r release, api, apimachinery, kval string, sumFiles []string) {
	t.Helper()
	mod := "module k8s.io/kubernetes\n\ngo 1.26.0\n\nrequire (\n\tk8s.io/api " + r.staging + "\n\tk8s.io/apimachinery " + r.staging +
		"\n\tsigs.k8s.io/randfill v1.0.0\n"
	replace := "replace (\n\tk8s.io/api => " + api + "\n\tk8s.io/apimachinery => " + apimachinery + "\n"
	if kval != "" {
		mod += "\tgithub.com/kval-dev/kval v0.0.0\n"
		replace += "\tgithub.com/kval-dev/kval => " + kval + "\n"
	}
	writeFile(t, filepath.Join(tree, "go.mod"), mod+")\n\n"+replace+")\n")
	writeFile(t, filepath.Join(tree, "go.sum"), unionOfSums(t, sumFiles))
}

func unionOfSums(t *testing.T, files []string) string {
	t.Helper()
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if line != "" {
				seen[line] = true
			}
		}
	}
	lines := make([]string, 0, len(seen))
	for l := range seen {
		lines = append(lines, l)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}
