package gen

import (
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen/validators"
)

// TestBoundTagsAreTheLimits: every min, max and exclusive limit tag of the
// generator is in the lints' bound table or said to be left alone, and
// the table names no tag the generator lacks.
func TestBoundTagsAreTheLimits(t *testing.T) {
	limits := map[string]bool{}
	for _, name := range validators.New(nil).Names() {
		n := strings.TrimPrefix(name, "k8s:")
		if strings.HasPrefix(n, "min") || strings.HasPrefix(n, "max") || strings.HasPrefix(n, "exclusive") {
			limits[name] = true
		}
	}
	for name := range limits {
		if _, ok := bounds[name]; !ok && !notLinted[name] {
			t.Errorf("limit tag %s: add it to bounds (or notLinted)", name)
		}
	}
	for name := range bounds {
		if !limits[name] {
			t.Errorf("bounds names %s, which is no limit tag of the generator", name)
		}
	}
	if len(limits) < 10 {
		t.Errorf("found %d limit tags: did the names change?", len(limits))
	}
}

// TestUpperOf pairs each inclusive minimum with the maximum of its measure.
func TestUpperOf(t *testing.T) {
	for lower, want := range map[string]string{"k8s:minimum": "k8s:maximum", "k8s:minLength": "k8s:maxLength",
		"k8s:minItems": "k8s:maxItems", "k8s:minProperties": "k8s:maxProperties"} {
		if got, ok := upperOf(lower); !ok || got != want {
			t.Errorf("upperOf(%s) = %s %v, want %s", lower, got, ok, want)
		}
	}
	for _, notLower := range []string{"k8s:maximum", "k8s:exclusiveMinimum", "k8s:maxBytes"} {
		if got, ok := upperOf(notLower); ok {
			t.Errorf("upperOf(%s) = %s, want none", notLower, got)
		}
	}
}
