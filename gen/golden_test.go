package gen_test

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata with the current output")

// TestGoldenTree regenerates testdata/golden, one package per tag family,
// and compares each file with the committed one: a change of the generated
// code shows as a reviewed diff (go test ./gen -update rewrites them).
func TestGoldenTree(t *testing.T) {
	res, err := gen.Generate(gen.Options{Dir: "testdata/golden", Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Errorf("problem: %s", p)
	}
	written := map[string]bool{}
	for _, f := range res.Files {
		written[f.Path] = true
		compareGolden(t, f.Path, f.Content)
	}
	// A committed file the generator no longer writes is stale.
	stale, _ := filepath.Glob("testdata/golden/*/zz_generated*")
	nested, _ := filepath.Glob("testdata/golden/*/*/zz_generated*")
	for _, f := range append(stale, nested...) {
		abs, _ := filepath.Abs(f)
		if !written[abs] {
			t.Errorf("%s is not generated any more; delete it", f)
		}
	}
}

// TestProblemsAreAllReported runs the linter on packages full of mistakes
// and compares every reported problem with testdata/problems/problems.golden.
func TestProblemsAreAllReported(t *testing.T) {
	res, err := gen.Lint(gen.Options{Dir: "testdata/problems", Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := filepath.Abs("testdata/problems")
	var b strings.Builder
	for _, p := range res.Problems {
		b.WriteString(strings.ReplaceAll(p.String(), dir+string(filepath.Separator), "") + "\n")
	}
	compareGolden(t, "testdata/problems/problems.golden", []byte(b.String()))

	// Generation refuses to write anything while there are problems.
	gres, err := gen.Generate(gen.Options{Dir: "testdata/problems", Patterns: []string{"./..."}})
	if err != nil || len(gres.Files) != 0 || len(gres.Problems) != len(res.Problems) {
		t.Errorf("Generate returned %d files and %d problems (%v), want none and %d", len(gres.Files), len(gres.Problems), err, len(res.Problems))
	}
}

// compareGolden compares got with a golden file, or rewrites it with -update.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v (run go test ./gen -update to create it)", err)
		return
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the generated output (go test ./gen -update, then review the diff):\n%s", path, firstDifference(string(want), string(got)))
	}
}

// firstDifference shows the first differing line of two texts.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + wl + "\n  got:  " + gl
		}
	}
	return ""
}
