package cel

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/conformance/compare"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// TestLintCorpus: every corpus CRD gets the same create-time verdict, CEL
// included (the corpus has hundreds of rules; all compile and fit the limits).
func TestLintCorpus(t *testing.T) {
	dir, err := corpus.Dir()
	if err != nil {
		t.Fatal(err)
	}
	n, rules := compareLintFiles(t, yamlFiles(t, dir))
	report(t, fmt.Sprintf("lint: %d corpus CRDs (%d rules compiled) compared with upstream", n, rules))
}

// TestLintCrafted: crafted CRDs with rules that do not compile, cost too
// much, misuse oldSelf or optionalOldSelf, or reject their defaults get
// the same errors.
func TestLintCrafted(t *testing.T) {
	n, rules := compareLintFiles(t, yamlFiles(t, filepath.Join("testdata", "lint")))
	if n == 0 {
		t.Fatal("no crafted CRDs")
	}
	report(t, fmt.Sprintf("lint: %d crafted CRDs (%d rules compiled) compared with upstream", n, rules))
}

func report(t *testing.T, msg string) {
	t.Helper()
	t.Log(msg)
	fmt.Println("conformance/cel: " + msg)
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

// compareLintFiles compares every CRD of the files; it returns how many
// CRDs and rules there were.
func compareLintFiles(t *testing.T, files []string) (crds, rules int) {
	t.Helper()
	for _, file := range files {
		docs, errs := manifest.ReadFile(file)
		for _, err := range errs {
			t.Errorf("%s: %v", file, err)
		}
		for _, doc := range docs {
			if !schema.IsCRD(doc.Object) {
				continue
			}
			crds++
			t.Run(doc.Source.String(), func(t *testing.T) { rules += compareLint(t, doc) })
		}
	}
	return crds, rules
}

// compareLint compares kval's lint, with celrules plugged in, with
// upstream's ValidateCustomResourceDefinition. Upstream's errors from
// validating defaults against the schema (package values, not plugged in
// here) are left out. It returns how many rules kval compiled.
func compareLint(t *testing.T, doc manifest.Document) int {
	crd, loadErrs := schema.DecodeCRD(doc)
	if len(loadErrs) > 0 {
		t.Fatalf("kval cannot load the CRD: %v", loadErrs)
	}
	upstreamCRD, upstreamErrs, err := upstreamLint(doc.Object)
	if err != nil {
		t.Fatal(err)
	}
	schemaErrs := defaultSchemaErrors(upstreamCRD)
	var want field.ErrorList
	for _, e := range upstreamErrs {
		if !schemaErrs[compare.Key(e)] {
			want = append(want, e)
		}
	}
	checker := celrules.NewChecker()
	opts := lint.Options{Rules: checker, DefaultRules: celrules.NewDefaultEvaluator()}
	got := lint.CheckCRD(context.Background(), crd, opts)
	if missing, extra := compare.Multiset(want, got); len(missing)+len(extra) > 0 {
		t.Errorf("kval and upstream differ\nonly upstream:\n%s\nonly kval:\n%s", compare.Lines(missing), compare.Lines(extra))
	}
	for _, e := range want {
		t.Logf("both: %v", e)
	}
	return len(checker.Costs())
}

// upstreamLint runs a CRD document through kube-apiserver's create path.
func upstreamLint(obj map[string]any) (*apiextensions.CustomResourceDefinition, field.ErrorList, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, nil, err
	}
	crd, err := upstream.DecodeCRD(data)
	if err != nil {
		return nil, nil, fmt.Errorf("upstream cannot decode: %w", err)
	}
	prepareForCreate(crd)
	return crd, validation.ValidateCustomResourceDefinition(context.Background(), crd), nil
}

// prepareForCreate is what kube-apiserver does to a CRD between decoding
// and validation on create.
func prepareForCreate(crd *apiextensions.CustomResourceDefinition) {
	crd.Status = apiextensions.CustomResourceDefinitionStatus{}
	crd.Generation = 1
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			break
		}
	}
	crd.Namespace = ""
	crd.ManagedFields = nil
	crd.DeletionTimestamp = nil
	crd.DeletionGracePeriodSeconds = nil
}

// defaultSchemaErrors computes, with upstream's functions, the errors of
// validating every default against its schema (not its rules).
func defaultSchemaErrors(crd *apiextensions.CustomResourceDefinition) map[string]bool {
	out := map[string]bool{}
	add := func(path *field.Path, v *apiextensions.CustomResourceValidation) {
		if v == nil || v.OpenAPIV3Schema == nil {
			return
		}
		ss, err := structuralschema.NewStructural(v.OpenAPIV3Schema)
		if err != nil {
			return
		}
		collectDefaultSchemaErrors(path.Child("openAPIV3Schema"), ss, out)
	}
	add(field.NewPath("spec", "validation"), crd.Spec.Validation)
	for i, v := range crd.Spec.Versions {
		add(field.NewPath("spec", "versions").Index(i).Child("schema"), v.Schema)
	}
	return out
}

func collectDefaultSchemaErrors(path *field.Path, s *structuralschema.Structural, out map[string]bool) {
	if s == nil {
		return
	}
	if s.Default.Object != nil {
		value := runtime.DeepCopyJSONValue(s.Default.Object)
		_ = schemaobjectmeta.Coerce(path.Child("default"), value, s, s.XEmbeddedResource, false)
		for _, v := range []any{value, s.Default.Object} {
			validator := apiservervalidation.NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI())
			for _, e := range apiservervalidation.ValidateCustomResource(path.Child("default"), v, validator) {
				out[compare.Key(e)] = true
			}
		}
	}
	collectDefaultSchemaErrors(path.Child("items"), s.Items, out)
	for name, prop := range s.Properties {
		collectDefaultSchemaErrors(path.Child("properties").Key(name), &prop, out)
	}
}
