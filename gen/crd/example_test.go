package crd

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite examples/crd.yaml from examples/api")

// TestExampleIsTheGeneratedCRD: examples/crd.yaml, which the docs'
// commands and many tests use, is exactly what `kval gen crd
// ./examples/api/...` prints, byte for byte, so the operators' guide's claim that
// the command produces it holds. Regenerate it with
// `go test ./gen/crd -run TestExampleIsTheGeneratedCRD -update` and review
// the diff.
func TestExampleIsTheGeneratedCRD(t *testing.T) {
	res, err := Generate(Options{Dir: "../..", Patterns: []string{"./examples/api/..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	const path = "../../examples/crd.yaml"
	got := res.CRDs[0].YAML
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("examples/crd.yaml is not what kval gen crd ./examples/api/... prints (regenerate it with -update and review the diff); generated:\n%s", got)
	}
}

func rootSchema(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	versions := crd["spec"].(map[string]any)["versions"].([]any)
	return versions[0].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
}
