package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInputCRDsSameForAnyJobs: the CRDs among a run's files are read by
// the run's workers, yet what they collect, and the run's verdicts and
// conflict messages naming places, are those of -j 1 at -j 4.
func TestInputCRDsSameForAnyJobs(t *testing.T) {
	gateway := "../../../../testdata/corpus/gateway-api/"
	dir := t.TempDir()
	copyTree(t, gateway+"crds-experimental", filepath.Join(dir, "crds"))
	copyTree(t, gateway+"examples", filepath.Join(dir, "objects"))
	copyTree(t, "testdata/validate/conflicting-crd.yaml", filepath.Join(dir, "objects", "db", "conflicting.yaml"))
	copyTree(t, "../../../../examples/crd.yaml", filepath.Join(dir, "z", "crd.yaml"))
	conflicts := filepath.Join(dir, "standard")
	copyTree(t, gateway+"crds-standard", conflicts)

	one, four := inputCRDsAt(t, 1, dir), inputCRDsAt(t, 4, dir)
	if len(one) < 10 {
		t.Fatalf("the scan found %d CRDs, want the corpus's: %v", len(one), one)
	}
	if got, want := strings.Join(four, "\n"), strings.Join(one, "\n"); got != want {
		t.Errorf("CRDs at -j 4:\n%s\nat -j 1:\n%s", got, want)
	}

	os.RemoveAll(conflicts)
	for _, dirs := range [][]string{{dir}, {dir, gateway + "crds-standard"}} {
		oneOut, fourOut := validateAt(1, dirs), validateAt(4, dirs)
		if !strings.Contains(oneOut, "differently from another definition among the objects") {
			t.Errorf("no conflict reported at -j 1:\n%s", oneOut)
		}
		if fourOut != oneOut {
			t.Errorf("kval validate -j 4 %v:\n%s\n-j 1:\n%s", dirs, fourOut, oneOut)
		}
	}
}

// inputCRDsAt describes the CRDs inputCRDs collects from dir with jobs
// goroutines, in its order, each with its place.
func inputCRDsAt(t *testing.T, jobs int, dir string) []string {
	t.Helper()
	loaded, cleanup, err := inputCRDs(&streams{}, []string{dir}, jobs)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	var found []string
	for _, d := range loaded.Deferred {
		found = append(found, fmt.Sprintf("deferred %s %s at %s", d.Group, d.Kind, d.Source))
	}
	for _, crd := range loaded.CRDs {
		found = append(found, fmt.Sprintf("decoded %s at %s", crd.Metadata.Name, crd.Source))
	}
	return found
}

// validateAt is the exit code and the output of kval validate -j jobs.
func validateAt(jobs int, paths []string) string {
	var stdout, stderr bytes.Buffer
	code := Main(append([]string{"validate", "-j", fmt.Sprint(jobs)}, paths...), strings.NewReader(""), &stdout, &stderr)
	return fmt.Sprintf("exit %d\n%s--- stderr\n%s", code, stdout.String(), stderr.String())
}

// copyTree copies a file or a directory's tree to to.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, text, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkInputCRDs: the scan of 10,000 one-object files that name no
// CRD, the pass before a run's workers start (issue 30), at -j 1 and 2.
func BenchmarkInputCRDs(b *testing.B) {
	example := "../../../../testdata/corpus/gateway-api/examples/standard/simple-gateway/gateway.yaml"
	text, err := os.ReadFile(example)
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	for i := range 10000 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.yaml", i)), text, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("j%d", jobs), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := inputCRDs(&streams{}, []string{dir}, jobs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
