package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenWritesThePackagesWithoutProblems: `kval gen` writes the packages
// no problem reaches, names the others and exits 1.
func TestGenWritesThePackagesWithoutProblems(t *testing.T) {
	dir := t.TempDir()
	field := "type T struct {\n\t// +k8s:optional\n\t// +k8s:maxLength=%s\n\tS *string `json:\"s\"`\n}\n"
	files := map[string]string{"go.mod": "module example.com/iso\n\ngo 1.26\n"}
	for pkg, bound := range map[string]string{"good": "3", "bad": "x"} {
		files[pkg+"/doc.go"] = "// +k8s:validation-gen=*\n// +k8s:validation-gen-scheme-registry=nil\npackage " + pkg + "\n"
		files[pkg+"/types.go"] = "package " + pkg + "\n\n" + strings.Replace(field, "%s", bound, 1)
	}
	for name, text := range files {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runKval(t, dir, "gen", "./...")
	if code != ExitInvalid || !strings.Contains(errOut, "1 problem(s) in example.com/iso/bad") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "good", "zz_generated.validations.go")); err != nil || !strings.Contains(out, "wrote") {
		t.Errorf("good package not written (%v), stdout:\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad", "zz_generated.validations.go")); err == nil {
		t.Error("bad package written")
	}
}
