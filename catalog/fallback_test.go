package catalog

import (
	"errors"
	"strings"
	"testing"
)

// TestFallbackCRDsServeOnlyGroupsNoCRDDefines: a fallback CRD serves its
// group, by kind and by resource, until a CRD of the catalog defines the
// group; other groups stay not covered.
func TestFallbackCRDsServeOnlyGroupsNoCRDDefines(t *testing.T) {
	crds, problems, err := ReadBytes("fallback.yaml", []byte(crdYAML("widgets.example.com", 1)))
	if err != nil || len(crds) != 1 {
		t.Fatalf("%v %v", err, problems)
	}
	c := New(Options{Fallback: crds})
	v, err := c.ForObject(t.Context(), "example.com/v1", "Widget")
	if err != nil || v.CRD().Source.File != "fallback.yaml" {
		t.Fatalf("by kind: %v, %v", v, err)
	}
	if _, err := c.ForResource(t.Context(), "example.com", "v2", "widgets"); err != nil {
		t.Errorf("by resource: %v", err)
	}
	if _, err := c.ForObject(t.Context(), "other.com/v1", "Widget"); !errors.As(err, new(*NotCoveredError)) {
		t.Errorf("another group: %v, want NotCoveredError", err)
	}
	if problems, err := c.LoadBytes("given.yaml", []byte(crdYAML("widgets.example.com", 2))); err != nil {
		t.Fatalf("%v %v", err, problems)
	}
	if v, err := c.ForObject(t.Context(), "example.com/v1", "Widget"); err != nil || !strings.HasPrefix(v.CRD().Source.File, "given.yaml") {
		t.Errorf("a CRD of the group must hide the fallback: %v, %v", v, err)
	}
}
