package crd

import (
	"fmt"
	"go/types"
	"strings"
	"testing"
)

// TestOneOfMarkers: controller-gen's AtMostOneOf, ExactlyOneOf and
// AtLeastOneOf become the rules and messages controller-gen writes
// (Gateway API v1.7.0's released CRDs have the ExactlyOneOf and
// AtLeastOneOf ones), after the XValidation rules and in that order
// whatever order they are written in; the rules compile (Generate lints
// them).
func TestOneOfMarkers(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/oneof"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	if len(res.CRDs) != 1 {
		t.Fatalf("%d CRDs", len(res.CRDs))
	}
	var got []string
	obj := res.CRDs[0].Object
	version := obj["spec"].(map[string]any)["versions"].([]any)[0].(map[string]any)
	root := version["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
	spec := root["properties"].(map[string]any)["spec"].(map[string]any)
	rules, _ := spec["x-kubernetes-validations"].([]any)
	for _, r := range rules {
		r := r.(map[string]any)
		got = append(got, fmt.Sprint(r["rule"], " | ", r["message"]))
	}
	want := []string{
		"self.a != 'x' | a is not x",
		"(has(self.a)?1:0)+(has(self.b)?1:0)+(has(self.tracing)?1:0) <= 1 | at most one of the fields in [a b tracing] may be set",
		"(has(self.caCertificateRefs)?1:0)+(has(self.wellKnownCACertificates)?1:0) == 1 | exactly one of the fields in [caCertificateRefs wellKnownCACertificates] must be set",
		"has(self.tracing) | at least one of the fields in [tracing] must be set",
		"has(self.a)||has(self.b) | at least one of the fields in [a b] must be set",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rules:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestOneOfMarkersMisused: a name that is no JSON field (a Go name
// included), no names, and the markers on a field or a non-struct type are
// errors at the marker.
func TestOneOfMarkersMisused(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/oneofbad"}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range res.Problems {
		got = append(got, fmt.Sprintf("%d: %s", p.Pos.Line, p.Msg))
	}
	want := []string{
		`15: +kubebuilder:validation:ExactlyOneOf=a;Tracing: "Tracing" is not a JSON field of github.com/kval-dev/kval/gen/crd/testdata/oneofbad.WidgetSpec`,
		"16: +kubebuilder:validation:AtMostOneOf: needs a value (+kubebuilder:validation:AtMostOneOf=...)",
		"19: +kubebuilder:validation:AtLeastOneOf may be written on types only",
		"24: +kubebuilder:validation:AtLeastOneOf=a: may be written on a struct only",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTypeMarkers: Options.TypeMarkers adds markers to a named type from
// its doc comment, applied as if written there (Gateway API's tags).
func TestTypeMarkers(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/oneof"}, TypeMarkers: func(tn *types.TypeName, doc string) []string {
		if tn.Name() == "WidgetSpec" && strings.Contains(doc, "+kubebuilder:validation:XValidation") {
			return []string{"kubebuilder:validation:MaxProperties=3"}
		}
		return nil
	}})
	if err != nil || len(res.Problems) > 0 || len(res.CRDs) != 1 {
		t.Fatal(err, res.Problems)
	}
	version := res.CRDs[0].Object["spec"].(map[string]any)["versions"].([]any)[0].(map[string]any)
	root := version["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
	spec := root["properties"].(map[string]any)["spec"].(map[string]any)
	if fmt.Sprint(spec["maxProperties"]) != "3" {
		t.Errorf("spec: %v", spec)
	}
}
