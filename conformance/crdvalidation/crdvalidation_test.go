package crdvalidation

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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

// cliFixtures are CRDs of kval's CLI tests whose golden output shows
// kube-apiserver's verdict.
const cliFixtures = "../../cmd/kval/internal/cli/testdata/lint/conformance"

// TestCraftedMatchesUpstream: every crafted broken CRD in testdata, and in
// the CLI fixtures, gets the same errors from kval and from upstream.
func TestCraftedMatchesUpstream(t *testing.T) {
	n := compareFiles(t, append(yamlFiles(t, "testdata"), yamlFiles(t, cliFixtures)...))
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
	upstreamCRD, want, err := upstreamErrors(doc.Object)
	if _, panicked := err.(errUpstreamPanic); panicked {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	got := kvalErrors(t, doc.Object)
	missing, extra := diff(want, got)
	if len(missing)+len(extra) > 0 {
		missing, extra = explainDifference(t, doc.Object, want, got, func() field.ErrorList {
			_, errs, _ := upstreamErrors(doc.Object)
			return errs
		})
	}
	if len(missing)+len(extra) > 0 {
		t.Errorf("kval and upstream differ\nonly upstream:\n%s\nonly kval:\n%s", lines(missing), lines(extra))
	}
	for _, e := range want {
		t.Logf("both: %v", e)
	}
	if len(want) == 0 && len(got) == 0 {
		compareWarnings(t, upstreamCRD, doc.Object)
	}
}

// explainDifference accepts known causes of a difference and returns
// what is left of it:
//
//   - upstream iterates maps in random order where it stops at the first
//     error (coercing apiVersion, kind and metadata of a default): kval's
//     answer is accepted if one of 50 upstream runs gives it;
//   - schemas that differ only in mutability extensions are different for
//     kval, so they do not move to spec.validation as upstream's (stripped,
//     identical) ones do: kval's verdict on the stripped CRD is compared;
//   - bad values that are whole structs of upstream's internal API
//     (spec.versions, a root schema) are compared without the bad value:
//     upstream prints them after its default checks have normalized the
//     metadata inside defaults in place, which kval does not reproduce.
func explainDifference(t *testing.T, obj map[string]any, want, got field.ErrorList, rerun func() field.ErrorList) (missing, extra []string) {
	missing, extra = diff(want, got)
	for i := 0; i < 50 && len(missing)+len(extra) > 0; i++ {
		if m, e := diff(rerun(), got); len(m)+len(e) == 0 {
			t.Logf("upstream gives kval's answer in one of its random orders")
			return nil, nil
		}
	}
	if stripped := withoutMutability(obj); !reflect.DeepEqual(stripped, obj) {
		if m, e := diff(want, kvalErrors(t, stripped)); len(m)+len(e) == 0 {
			t.Logf("same errors once the mutability extensions are stripped (they keep per-version schemas apart)")
			return nil, nil
		}
	}
	if m, e := diffBy(want, got, keyWithoutStructValue); len(m)+len(e) == 0 {
		t.Logf("same errors apart from the rendering of internal structs as bad values")
		return nil, nil
	}
	return missing, extra
}

// keyWithoutStructValue is key, but for an error whose bad value is an
// internal struct (rendered with Go field names) only type, field and detail.
func keyWithoutStructValue(e *field.Error) string {
	if rendered := e.Error(); strings.Contains(rendered, `{"Name":"`) || strings.Contains(rendered, `{"ID":"`) {
		return string(e.Type) + " " + e.Field + ": " + e.Detail
	}
	return stableKey(e)
}

// kvalErrors is lint's verdict on a CRD document, without the errors about
// the mutability extensions (kval's own).
func kvalErrors(t *testing.T, obj map[string]any) field.ErrorList {
	t.Helper()
	crd, loadErrs := schema.DecodeCRD(manifest.Document{Object: obj})
	if len(loadErrs) > 0 {
		t.Fatalf("kval cannot load the CRD: %v", loadErrs)
	}
	var errs field.ErrorList
	for _, e := range lint.CheckCRD(context.Background(), crd, kvalStages()) {
		if !isMutabilityError(e) {
			errs = append(errs, e)
		}
	}
	return errs
}

func isMutabilityError(e *field.Error) bool {
	return strings.HasSuffix(e.Field, ".x-kubernetes-mutability") || strings.HasSuffix(e.Field, ".x-kubernetes-key-mutability")
}

// key identifies an error: its type and its full message (field, bad value, detail).
func key(e *field.Error) string {
	return string(e.Type) + " " + e.Error()
}

// diff compares two error lists as multisets of stableKey.
func diff(want, got field.ErrorList) (missing, extra []string) {
	return diffBy(want, got, stableKey)
}

// diffBy compares two error lists as multisets of keyOf.
func diffBy(want, got field.ErrorList, keyOf func(*field.Error) string) (missing, extra []string) {
	counts := map[string]int{}
	for _, e := range want {
		counts[keyOf(e)]++
	}
	for _, e := range got {
		counts[keyOf(e)]--
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
