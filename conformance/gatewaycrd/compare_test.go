package gatewaycrd

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// TestCompareWithReleased: kval's CRD of each Gateway API kind, with
// Gateway's tweaks, is the released one but for the differences listed in
// differences_test.go; descriptions and the release annotations are not
// compared (doc.go says why).
func TestCompareWithReleased(t *testing.T) {
	gen, rel := generatedCRDs(t), releasedCRDs(t)
	if !slices.Equal(slices.Sorted(maps.Keys(gen)), slices.Sorted(maps.Keys(rel))) {
		t.Fatalf("generated CRDs %v, released %v", slices.Sorted(maps.Keys(gen)), slices.Sorted(maps.Keys(rel)))
	}
	var found []difference
	for _, file := range slices.Sorted(maps.Keys(gen)) {
		diff(file, "", comparable(gen[file]), comparable(rel[file]), &found)
	}
	unexplained, unused := explain(found)
	for _, d := range unexplained {
		t.Errorf("unexplained difference: %s", d)
	}
	for _, a := range unused {
		t.Errorf("differences_test.go lists %s %s, which no longer differs: remove it", a.file, a.path)
	}
	summary := fmt.Sprintf("conformance/gatewaycrd: %d CRDs of Gateway API v1.6.3 compared with the released experimental channel: %d differences, %d unexplained (differences_test.go)",
		len(gen), len(found), len(unexplained))
	t.Log(summary)
	if !t.Failed() {
		fmt.Println(summary)
	}
}

// comparable copies a CRD without what the comparison leaves out.
func comparable(crd map[string]any) map[string]any {
	out := withoutDescriptions(crd).(map[string]any)
	meta := out["metadata"].(map[string]any)
	annotations, _ := meta["annotations"].(map[string]any)
	for _, k := range releaseAnnotations {
		delete(annotations, k)
	}
	return out
}

// withoutDescriptions copies a JSON value without "description" keys;
// a property named description (a map key under "properties") stays.
func withoutDescriptions(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, c := range x {
			if k == "properties" {
				out[k] = propertiesWithoutDescriptions(c.(map[string]any))
			} else if k != "description" {
				out[k] = withoutDescriptions(c)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = withoutDescriptions(c)
		}
		return out
	}
	return v
}

func propertiesWithoutDescriptions(props map[string]any) map[string]any {
	out := map[string]any{}
	for name, p := range props {
		out[name] = withoutDescriptions(p)
	}
	return out
}
