package lint

import (
	"context"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/schema"
)

// testDataCRDs loads every CRD of the repository's test data; each call
// decodes them anew, so that a test may change them.
func testDataCRDs(t *testing.T) []*schema.CRD {
	t.Helper()
	files, err := corpus.TestDataYAML()
	if err != nil {
		t.Fatal(err)
	}
	var crds []*schema.CRD
	for _, file := range files {
		crds = append(crds, schema.LoadFiles([]string{file}).CRDs...)
	}
	if len(crds) < 100 {
		t.Fatalf("%d CRDs in the test data: it has moved", len(crds))
	}
	return crds
}

// TestReusedVerdictsLintEveryCRDAlike: lint's own checker reuses the
// verdict of a version for the versions that repeat it
// (schema.CheckOptions.ReuseVerdicts); a checker of the caller's checks
// every version. Both give the same findings on every CRD of the test
// data, some of which serve versions that differ only in descriptions.
func TestReusedVerdictsLintEveryCRDAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("lints every CRD of the test data twice")
	}
	ctx := context.Background()
	perVersion := 0
	for _, crd := range testDataCRDs(t) {
		reused := CheckCRD(ctx, crd, Options{})
		full := CheckCRD(ctx, crd, Options{Rules: celrules.NewChecker()})
		if !reflect.DeepEqual(reused, full) {
			t.Errorf("%s: reusing verdicts gives\n%v\nchecking every version gives\n%v", crd.Name(), reused, full)
		}
		if crd.Spec.Validation == nil && len(crd.Spec.Versions) > 1 {
			perVersion++
		}
	}
	if perVersion < 10 {
		t.Fatalf("%d CRDs with several versions of their own schemas: the test data has moved", perVersion)
	}
}

// TestStructuralDescriptionsChangeNoFinding holds up what reusing a
// verdict assumes: lint's findings on a CRD do not depend on the
// descriptions of the root, properties, items and additionalProperties
// (only bad values, which render whole schemas, show them), but for the
// root's metadata, which may set nothing but its names' properties.
// Every CRD of the test data is linted as it is and with every such
// description changed.
func TestStructuralDescriptionsChangeNoFinding(t *testing.T) {
	if testing.Short() {
		t.Skip("lints every CRD of the test data twice")
	}
	ctx := context.Background()
	changed := testDataCRDs(t)
	for i, crd := range testDataCRDs(t) {
		eachSchema(&changed[i].Spec, redescribe)
		want := withoutBadValues(CheckCRD(ctx, crd, Options{Rules: celrules.NewChecker()}))
		got := withoutBadValues(CheckCRD(ctx, changed[i], Options{Rules: celrules.NewChecker()}))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: with other descriptions\n%v\nas it is\n%v", crd.Name(), got, want)
		}
	}
}

// eachSchema calls f with every openAPIV3Schema of spec and a text of
// its own (versions whose schemas became equal would be an error of
// their own, spec.validation's).
func eachSchema(spec *schema.CRDSpec, f func(*schema.Schema, string)) {
	if spec.Validation != nil && spec.Validation.OpenAPIV3Schema != nil {
		f(spec.Validation.OpenAPIV3Schema, "changed")
	}
	for _, v := range spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			f(v.Schema.OpenAPIV3Schema, "changed in "+v.Name)
		}
	}
}

// redescribe sets the description of s and of the structural nodes below
// it, but for the metadata properties (a root's must stay as it is, and
// an embedded resource's is not worth telling apart).
func redescribe(s *schema.Schema, description string) {
	if s == nil {
		return
	}
	s.Description = description
	for name, p := range s.Properties {
		if name != "metadata" {
			redescribe(p, description)
		}
	}
	redescribe(s.Items, description)
	redescribe(s.AdditionalPropertiesSchema(), description)
}

// withoutBadValues keeps what a finding says, not the value it shows.
func withoutBadValues(errs field.ErrorList) []field.Error {
	out := []field.Error{}
	for _, e := range errs {
		out = append(out, field.Error{Type: e.Type, Field: e.Field, Detail: e.Detail})
	}
	return out
}
