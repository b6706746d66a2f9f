package migrationtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/gen"
)

// CheckGenerated fails t when the package in dir has tags kval gen finds
// wrong, or when its committed zz_generated.validations.go is not what
// kval gen writes from its tags (types.go changed without go generate).
func CheckGenerated(t *testing.T, dir string) {
	t.Helper()
	res, err := gen.Generate(gen.Options{Dir: dir, Patterns: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Errorf("problem: %s", p)
	}
	if len(res.Files) != 1 {
		t.Fatalf("kval gen wrote %d files, want 1", len(res.Files))
	}
	path := filepath.Join(dir, gen.DefaultOutputFile)
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != string(res.Files[0].Content) {
		t.Errorf("%s is stale: run go generate in %s", path, dir)
	}
}
