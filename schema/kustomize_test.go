package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoadFilesReadsAKubebuilderTree: config/crd of a kubebuilder project
// is its bases; the kustomization, kustomizeconfig.yaml and the partial
// CRDs of patches/ are not read.
func TestLoadFilesReadsAKubebuilderTree(t *testing.T) {
	l := LoadFiles([]string{"../testdata/kubebuilder/config/crd"})
	if errs := append(l.Problems, l.Errors()...); len(errs) > 0 {
		t.Fatalf("problems: %v", errs)
	}
	if len(l.CRDs) != 1 || l.CRDs[0].Name() != "databases.example.kval.dev" || len(l.Schemas) != 0 {
		t.Fatalf("read %d CRDs, %d schemas; want the one in bases/", len(l.CRDs), len(l.Schemas))
	}
	if src := l.CRDs[0].Source.File; !strings.HasSuffix(src, filepath.Join("bases", "example.kval.dev_databases.yaml")) {
		t.Errorf("CRD read from %s, want bases/", src)
	}
}

// TestKustomizationProblemsNameTheFile: what kval cannot follow in a
// kustomization is a problem naming the kustomization.
func TestKustomizationProblemsNameTheFile(t *testing.T) {
	tests := map[string]string{
		"resources:\n- https://example.com/crds.yaml\n": "remote resource https://example.com/crds.yaml is not read",
		"resources: bases\n":                            "resources: want a list of paths",
		"resources:\n- missing.yaml\n":                  "missing.yaml",
	}
	for content, want := range tests {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		l := LoadFiles([]string{dir})
		file := filepath.Join(dir, "kustomization.yaml")
		text := ""
		for _, p := range l.Problems {
			text += p.Error() + "\n"
		}
		if !strings.Contains(text, want) || (!strings.Contains(text, file) && want != "missing.yaml") {
			t.Errorf("%q: problems %q, want %q naming %s", content, text, want, file)
		}
	}
}
