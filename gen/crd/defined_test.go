package crd

import (
	"slices"
	"testing"
)

// TestDefinedTypes: a type declared as another named type keeps that
// type's markers and its fields' markers, as controller-gen's schemas do;
// required lists are sorted and versions ordered by name, as controller-gen
// writes them.
func TestDefinedTypes(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/defined/..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	versions := res.CRDs[0].Object["spec"].(map[string]any)["versions"].([]any)
	var names []string
	for _, v := range versions {
		v := v.(map[string]any)
		names = append(names, v["name"].(string))
		spec := dig(v, "schema", "openAPIV3Schema", "properties", "spec")
		if got := spec["required"]; !slices.Equal(got.([]any), []any{"alpha", "zeta"}) {
			t.Errorf("%s: spec.required %v, want [alpha zeta]", v["name"], got)
		}
		zeta := dig(spec, "properties", "zeta")
		if zeta["maxLength"] != int64(5) || zeta["minLength"] != int64(1) {
			t.Errorf("%s: zeta %v, want Name's maxLength 5 and HeaderName's minLength 1", v["name"], zeta)
		}
	}
	if !slices.Equal(names, []string{"v1", "v1alpha1"}) {
		t.Errorf("versions %v, want [v1 v1alpha1]", names)
	}
}

func dig(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ = m[k].(map[string]any)
	}
	return m
}
