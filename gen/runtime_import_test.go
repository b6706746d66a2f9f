package gen

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGeneratedCodeUsesKvalsOwnRuntime: every generated file of the
// golden tests calls kval's validate package, never upstream
// validation-gen's runtime (k8s.io/apimachinery/pkg/api/validate), which
// kval is compared against.
func TestGeneratedCodeUsesKvalsOwnRuntime(t *testing.T) {
	files := 0
	err := filepath.WalkDir("testdata/golden", func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, "zz_generated.validations.go") {
			return err
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		own := false
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			own = own || p == "github.com/kval-dev/kval/validate"
			if p == "k8s.io/apimachinery/pkg/api/validate" {
				t.Errorf("%s imports upstream's runtime %s", path, p)
			}
		}
		if !own {
			t.Errorf("%s does not import kval's validate package", path)
		}
		return nil
	})
	if err != nil || files == 0 {
		t.Fatalf("walking the golden files: %v (%d generated files)", err, files)
	}
}
