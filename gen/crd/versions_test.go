package crd

import (
	"fmt"
	"slices"
	"testing"
)

// TestMultiVersionNames: a kind's versions make one CRD whose names are
// the highest-priority version's (v2) with every version's short names and
// categories, whichever version sorts first (v1), and the storage version
// is the one marked.
func TestMultiVersionNames(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/multiversion/..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	spec := res.CRDs[0].Object["spec"].(map[string]any)
	names := spec["names"].(map[string]any)
	for key, want := range map[string][]any{"shortNames": {"gdt", "gd"}, "categories": {"all", "legacy"}} {
		if got, _ := names[key].([]any); !slices.Equal(got, want) {
			t.Errorf("%s %v, want %v", key, got, want)
		}
	}
	var storage []string
	for _, v := range spec["versions"].([]any) {
		v := v.(map[string]any)
		storage = append(storage, fmt.Sprintf("%s=%v", v["name"], v["storage"]))
	}
	if want := []string{"v1=false", "v2=true"}; !slices.Equal(storage, want) {
		t.Errorf("versions %v, want %v", storage, want)
	}
}

// TestMultiVersionNeedsOneStorageVersion: with several versions and none
// marked +kubebuilder:storageversion, the kind is a problem and no CRD is
// written.
func TestMultiVersionNeedsOneStorageVersion(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/nostorage/..."}})
	if err != nil {
		t.Fatal(err)
	}
	want := "kind Gizmo has 2 versions and 0 marked +kubebuilder:storageversion; mark exactly one"
	if len(res.Problems) != 1 || res.Problems[0].Msg != want || res.Problems[0].Pos.Line != 10 || len(res.CRDs) != 0 {
		t.Errorf("problems %v, %d CRDs; want one problem %q at line 10 and no CRD", res.Problems, len(res.CRDs), want)
	}
}
