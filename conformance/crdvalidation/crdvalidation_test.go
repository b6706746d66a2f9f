package crdvalidation

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// TestCorpusMatchesUpstream: every CRD of the corpus gets the same verdict.
func TestCorpusMatchesUpstream(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Fatal(err)
	}
	n := compareFiles(t, yamlFiles(t, dir))
	t.Logf("%d corpus CRDs compared", n)
	fmt.Printf("conformance/crdvalidation: %d corpus CRDs compared with upstream\n", n)
}

// TestCraftedMatchesUpstream: every crafted broken CRD in testdata gets the
// same errors from kval and from upstream.
func TestCraftedMatchesUpstream(t *testing.T) {
	n := compareFiles(t, yamlFiles(t, "testdata"))
	if n == 0 {
		t.Fatal("no crafted CRDs in testdata")
	}
	t.Logf("%d crafted CRDs compared", n)
	fmt.Printf("conformance/crdvalidation: %d crafted CRDs compared with upstream\n", n)
}

func yamlFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".json")) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// compareFiles compares every CRD document of the files and returns how many there were.
func compareFiles(t *testing.T, files []string) int {
	t.Helper()
	n := 0
	for _, file := range files {
		docs, errs := manifest.ReadFile(file)
		for _, err := range errs {
			t.Errorf("%s: %v", file, err)
		}
		for _, doc := range docs {
			if !schema.IsCRD(doc.Object) {
				continue
			}
			n++
			t.Run(doc.Source.String(), func(t *testing.T) { compareDocument(t, doc) })
		}
	}
	return n
}

func compareDocument(t *testing.T, doc manifest.Document) {
	crd, loadErrs := schema.DecodeCRD(doc)
	if len(loadErrs) > 0 {
		t.Fatalf("kval cannot load the CRD: %v", loadErrs)
	}
	upstreamCRD, upstreamErrs, err := upstreamErrors(doc.Object)
	if err != nil {
		t.Fatal(err)
	}
	valueErrs := defaultValueErrors(upstreamCRD)
	var want, excluded field.ErrorList
	for _, e := range upstreamErrs {
		if laterStage(e, valueErrs) {
			excluded = append(excluded, e)
			continue
		}
		want = append(want, e)
	}
	var got field.ErrorList
	for _, e := range lint.CheckCRD(context.Background(), crd, lint.Options{}) {
		if !isMutabilityError(e) {
			got = append(got, e)
		}
	}
	if missing, extra := diff(want, got); len(missing)+len(extra) > 0 {
		t.Errorf("kval and upstream differ\nonly upstream:\n%s\nonly kval:\n%s", lines(missing), lines(extra))
	}
	for _, e := range want {
		t.Logf("both: %v", e)
	}
	for _, e := range excluded {
		t.Logf("excluded (later stage): %v", e)
	}
}

func isMutabilityError(e *field.Error) bool {
	return strings.HasSuffix(e.Field, ".x-kubernetes-mutability") || strings.HasSuffix(e.Field, ".x-kubernetes-key-mutability")
}

// key identifies an error: its type and its full message (field, bad value, detail).
func key(e *field.Error) string {
	return string(e.Type) + " " + e.Error()
}

// diff compares two error lists as multisets.
func diff(want, got field.ErrorList) (missing, extra []string) {
	counts := map[string]int{}
	for _, e := range want {
		counts[key(e)]++
	}
	for _, e := range got {
		counts[key(e)]--
	}
	for k, n := range counts {
		for ; n > 0; n-- {
			missing = append(missing, k)
		}
		for ; n < 0; n++ {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

func lines(list []string) string {
	if len(list) == 0 {
		return "  (none)"
	}
	return "  " + strings.Join(list, "\n  ")
}
