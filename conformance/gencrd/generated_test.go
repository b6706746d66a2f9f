package gencrd

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/gen"
	"github.com/kval-dev/kval/gen/crd"
)

// TestGeneratedCodeIsUpToDate regenerates package kvalgen in memory and
// compares it with the committed file: the round trip must test what
// `kval gen` makes of package api today.
func TestGeneratedCodeIsUpToDate(t *testing.T) {
	res, err := gen.Generate(gen.Options{Dir: "kvalgen", Patterns: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	if len(res.Files) != 1 {
		t.Fatalf("%d files generated, want 1", len(res.Files))
	}
	sameAsCommitted(t, res.Files[0].Path, res.Files[0].Content)
}

// TestGeneratedCRDIsUpToDate does the same for the CRD `kval gen crd`
// makes of package api.
func TestGeneratedCRDIsUpToDate(t *testing.T) {
	res, err := crd.Generate(crd.Options{Patterns: []string{"./api"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	for name, data := range res.Files() {
		sameAsCommitted(t, filepath.Join("testdata", "crd", name), data)
	}
}

func sameAsCommitted(t *testing.T, path string, generated []byte) {
	t.Helper()
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, generated) {
		t.Errorf("%s is stale: run `go generate ./gencrd/...` in conformance/ and review the diff", path)
	}
}
