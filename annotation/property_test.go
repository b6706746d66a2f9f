package annotation_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdSources are every place of the repository that holds CRDs with (and
// without) the extensions.
var crdSources = []string{"testdata", "../examples", "../cmd/kval/internal/cli/testdata", "../conformance", "../testdata/corpus"}

// TestPackUnpackRoundTrip: for every CRD of the repository as written (not
// annotated yet: the CLI's tests hold annotated CRDs, some damaged on
// purpose), Unpack(Pack(x)) is x, Pack(x) has no extension left in its
// schemas, and Pack(x) loads and lints as x does, but for the errors about
// the extensions themselves.
func TestPackUnpackRoundTrip(t *testing.T) {
	moved := 0
	for _, doc := range repositoryCRDs(t) {
		t.Run(doc.Source.String(), func(t *testing.T) {
			moved += checkRoundTrip(t, doc)
		})
	}
	if moved < 30 {
		t.Errorf("only %d extensions moved in all CRDs: the test data lost its extensions", moved)
	}
}

func checkRoundTrip(t *testing.T, doc manifest.Document) int {
	packed, moved, err := annotation.Pack(doc.Object)
	if err != nil {
		t.Fatalf("Pack: %v", err)
	}
	unpacked, back, err := annotation.Unpack(packed)
	if err != nil {
		t.Fatalf("Unpack: %v", err)
	}
	if back != moved || !reflect.DeepEqual(unpacked, doc.Object) {
		t.Fatalf("Unpack(Pack(x)) moved %d of %d and gave\n%s\nwant\n%s", back, moved, show(unpacked), show(doc.Object))
	}
	if moved == 0 {
		if !reflect.DeepEqual(packed, doc.Object) {
			t.Fatalf("Pack changed a CRD without extensions:\n%s", show(packed))
		}
		return 0
	}
	checkPackedLoads(t, doc, packed)
	return moved
}

// checkPackedLoads compares what the model makes of x and of Pack(x).
func checkPackedLoads(t *testing.T, doc manifest.Document, packed map[string]any) {
	before, beforeErrs := schema.DecodeCRD(doc)
	after, afterErrs := schema.DecodeCRD(manifest.Document{Source: doc.Source, Object: packed})
	if !reflect.DeepEqual(beforeErrs, afterErrs) {
		t.Fatalf("DecodeCRD errors differ:\nx:       %v\nPack(x): %v", beforeErrs, afterErrs)
	}
	if extensionsIn(before) == "" {
		t.Errorf("the model sees no extension in x, Pack moved some")
	}
	if leftover := extensionsIn(after); leftover != "" {
		t.Errorf("Pack left extensions at %s", leftover)
	}
	if len(beforeErrs) > 0 {
		return // lint only sees CRDs that decode
	}
	want := withoutExtensionErrors(lint.CheckCRD(context.Background(), before, lint.Options{}))
	got := lint.CheckCRD(context.Background(), after, lint.Options{})
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lint.CheckCRD errors differ:\nx:       %v\nPack(x): %v", want, got)
	}
}

// extensionsIn names an extension the model finds in crd's schemas.
func extensionsIn(crd *schema.CRD) string {
	var found []string
	each := func(path *field.Path, s *schema.Schema) {
		if s.Mutability != nil || s.KeyMutability != nil {
			found = append(found, path.String())
		}
	}
	if v := crd.Spec.Validation; v != nil {
		eachSchema(field.NewPath("spec", "validation"), v.OpenAPIV3Schema, each)
	}
	for i, version := range crd.Spec.Versions {
		if version.Schema != nil {
			eachSchema(field.NewPath("spec", "versions").Index(i), version.Schema.OpenAPIV3Schema, each)
		}
	}
	return strings.Join(found, ", ")
}

// eachSchema calls fn on s and every schema below it.
func eachSchema(path *field.Path, s *schema.Schema, fn func(*field.Path, *schema.Schema)) {
	if s == nil {
		return
	}
	fn(path, s)
	for name, p := range s.Properties {
		eachSchema(path.Child("properties").Key(name), p, fn)
	}
	eachSchema(path.Child("items"), s.Items, fn)
	eachSchema(path.Child("additionalProperties"), s.AdditionalPropertiesSchema(), fn)
	for junctor, list := range map[string][]*schema.Schema{"allOf": s.AllOf, "anyOf": s.AnyOf, "oneOf": s.OneOf} {
		for i, child := range list {
			eachSchema(path.Child(junctor).Index(i), child, fn)
		}
	}
	eachSchema(path.Child("not"), s.Not, fn)
}

// withoutExtensionErrors drops lint's errors about the extensions'
// placement and values: Pack moves the extensions out of lint's sight.
func withoutExtensionErrors(errs field.ErrorList) field.ErrorList {
	var out field.ErrorList
	for _, e := range errs {
		if !strings.HasSuffix(e.Field, ".x-kubernetes-mutability") && !strings.HasSuffix(e.Field, ".x-kubernetes-key-mutability") {
			out = append(out, e)
		}
	}
	return out
}

func repositoryCRDs(t *testing.T) []manifest.Document {
	t.Helper()
	files, err := manifest.ExpandPaths(crdSources)
	if err != nil {
		t.Fatal(err)
	}
	var crds []manifest.Document
	for _, file := range files {
		docs, _ := manifest.ReadFile(file) // broken documents are other tests' business
		for _, doc := range docs {
			if _, annotated := annotationOf(doc.Object); schema.IsCRD(doc.Object) && !annotated {
				crds = append(crds, doc)
			}
		}
	}
	if len(crds) < 100 {
		t.Fatalf("found %d CRDs in %v: the test data moved", len(crds), crdSources)
	}
	return crds
}

func show(v any) string {
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}
