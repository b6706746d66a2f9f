package schema

import (
	"testing"

	"github.com/kval-dev/kval/internal/corpus"
)

// TestCheckAcceptsCorpus: every real CRD of the corpus passes the checks.
func TestCheckAcceptsCorpus(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Fatal(err)
	}
	loaded := LoadFiles([]string{dir})
	for _, p := range loaded.Errors() {
		t.Errorf("load: %v", p)
	}
	if len(loaded.CRDs) == 0 {
		t.Fatal("no CRD in the corpus")
	}
	for _, crd := range loaded.CRDs {
		for _, err := range checkModel(crd) {
			t.Errorf("%s %s: %v", crd.Source, crd.Name(), err)
		}
	}
}
