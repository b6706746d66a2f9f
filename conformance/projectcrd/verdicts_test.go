package projectcrd

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
)

// TestKueueExactlyOneOfVerdicts backs exactlyOneOfWording: a
// MultiKueueCluster whose clusterSource has neither, one or both of its
// ExactlyOneOf fields (the rule refuses neither and both), and broken
// copies of each, get the same verdict and errors from kval's engine with
// kval's CRDs as with Kueue's.
func TestKueueExactlyOneOfVerdicts(t *testing.T) {
	gen, err := compare.CatalogOf(kueueCRDs(t))
	if err != nil {
		t.Fatal(err)
	}
	rel, err := readCRDs(filepath.Join(moduleDir(t, kueueModule, "sigs.k8s.io/kueue"), "config", "components", "crd", "bases"))
	if err != nil {
		t.Fatal(err)
	}
	released, err := compare.CatalogOf(rel)
	if err != nil {
		t.Fatal(err)
	}
	sources := []map[string]any{
		{},
		{"kubeConfig": map[string]any{"location": "secret-a", "locationType": "Secret"}},
		{"clusterProfileRef": map[string]any{"name": "profile-a"}},
		{"kubeConfig": map[string]any{"location": "secret-a"}, "clusterProfileRef": map[string]any{"name": "profile-a"}},
	}
	var docs []compare.ExampleDoc
	for i, src := range sources {
		docs = append(docs, compare.ExampleDoc{Name: fmt.Sprintf("clusterSource %d", i), Object: map[string]any{
			"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "MultiKueueCluster",
			"metadata": map[string]any{"name": fmt.Sprintf("cluster-%d", i)},
			"spec":     map[string]any{"clusterSource": src},
		}})
	}
	compare.CheckExamples(t, "conformance/projectcrd: Kueue's ExactlyOneOf rules", gen, released, docs, len(sources), 2)
}
