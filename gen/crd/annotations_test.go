package crd

import (
	"strings"
	"testing"
)

// TestAnnotations: a CRD of a protected group is refused, as
// kube-apiserver refuses it, until the run adds the approval annotation
// that no marker of the package gives.
func TestAnnotations(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/protected"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Msg, "api-approved.kubernetes.io") {
		t.Errorf("without Annotations: problems %v", res.Problems)
	}
	approved := map[string]string{"api-approved.kubernetes.io": "https://example.com/approval"}
	res, err = Generate(Options{Patterns: []string{"./testdata/protected"}, Annotations: approved})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Fatalf("with Annotations: problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	meta := res.CRDs[0].Object["metadata"].(map[string]any)
	got, _ := meta["annotations"].(map[string]any)
	if got["api-approved.kubernetes.io"] != approved["api-approved.kubernetes.io"] {
		t.Errorf("annotations %v, want %v", got, approved)
	}
}
