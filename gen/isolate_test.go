package gen_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kval-dev/kval/gen"
)

// writeModule writes files (by path) into a new module directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/iso\n\ngo 1.26\n"
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// isoPackage is a generated package p with the given imports and types.
func isoPackage(files map[string]string, p, imports, decls string) {
	files[p+"/doc.go"] = "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\npackage " + p + "\n"
	files[p+"/types.go"] = "package " + p + "\n\n" + imports + decls
}

// TestOneProblemWithholdsOnlyThePackagesItReaches: a problem in package
// bad stops bad and user (which imports bad) from generating; good, which
// does not depend on bad, is generated all the same.
func TestOneProblemWithholdsOnlyThePackagesItReaches(t *testing.T) {
	files := map[string]string{}
	field := "type T struct {\n\t// +k8s:optional\n\t// %s\n\tS *string `json:\"s\"`\n}\n"
	isoPackage(files, "good", "", fmt.Sprintf(field, "+k8s:maxLength=3"))
	isoPackage(files, "bad", "", fmt.Sprintf(field, "+k8s:maxLength=notanumber"))
	isoPackage(files, "user", "import \"example.com/iso/bad\"\n\n", "type U struct {\n\t// +k8s:optional\n\tB *bad.T `json:\"b\"`\n}\n")
	res, err := gen.Generate(gen.Options{Dir: writeModule(t, files), Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	var written []string
	for _, f := range res.Files {
		written = append(written, f.Package)
	}
	if len(res.Problems) == 0 || !slices.Equal(written, []string{"example.com/iso/good"}) {
		t.Errorf("problems %v; wrote %v, want example.com/iso/good only", res.Problems, written)
	}
	if !slices.Equal(res.ProblemPackages, []string{"example.com/iso/bad"}) {
		t.Errorf("problem packages %v, want example.com/iso/bad", res.ProblemPackages)
	}
}
