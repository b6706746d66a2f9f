package compare

import (
	"fmt"
	"maps"
	"slices"
	"testing"
)

// Allowed is one reviewed difference between kval's CRD and the released
// one: where, and why it is not kval's mistake.
type Allowed struct {
	File, Path, Reason string
}

// Differences compares each generated CRD with the released one of the
// same file name: descriptions and the release annotations are left out
// (the package doc says why).
func Differences(gen, rel map[string]map[string]any) []Difference {
	var found []Difference
	for _, file := range slices.Sorted(maps.Keys(gen)) {
		diff(file, "", comparable(gen[file]), comparable(rel[file]), &found)
	}
	return found
}

// Explain splits the differences found into those allowed and those not,
// and returns the allowed ones that were not found.
func Explain(found []Difference, allowed []Allowed) (unexplained []Difference, unused []Allowed) {
	seen := map[Allowed]bool{}
	for _, d := range found {
		matched := false
		for _, a := range allowed {
			if a.File == d.File && a.Path == d.Path {
				matched, seen[a] = true, true
			}
		}
		if !matched {
			unexplained = append(unexplained, d)
		}
	}
	for _, a := range allowed {
		if !seen[a] {
			unused = append(unused, a)
		}
	}
	return unexplained, unused
}

// Check is a test: the generated CRDs are the released ones (the same file
// names) but for the allowed differences, each of which must still differ.
// what names the comparison in the summary line printed when it passes.
func Check(t *testing.T, what string, gen, rel map[string]map[string]any, allowed []Allowed) {
	t.Helper()
	if !slices.Equal(slices.Sorted(maps.Keys(gen)), slices.Sorted(maps.Keys(rel))) {
		t.Fatalf("generated CRDs %v, released %v", slices.Sorted(maps.Keys(gen)), slices.Sorted(maps.Keys(rel)))
	}
	found := Differences(gen, rel)
	unexplained, unused := Explain(found, allowed)
	for _, d := range unexplained {
		t.Errorf("unexplained difference: %s", d)
	}
	for _, a := range unused {
		t.Errorf("the allowed differences list %s %s, which no longer differs: remove it", a.File, a.Path)
	}
	summary := fmt.Sprintf("%s: %d CRDs compared: %d differences, %d unexplained",
		what, len(gen), len(found), len(unexplained))
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
