package crd

import (
	"os"
	"reflect"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestExampleMatchesCRD generates the example API (examples/api) and
// compares it with examples/crd.yaml, which the README and many goldens
// use: the same CRD apart from descriptions and the three root properties
// controller-gen always writes (apiVersion, kind, metadata), which
// kube-apiserver validates and never prunes whether the schema names them
// or not.
func TestExampleMatchesCRD(t *testing.T) {
	res, err := Generate(Options{Dir: "../..", Patterns: []string{"./examples/api/..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) > 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	var got, want map[string]any
	if err := yaml.Unmarshal(res.CRDs[0].YAML, &got); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	root := rootSchema(t, got)
	props := root["properties"].(map[string]any)
	for _, p := range []string{"apiVersion", "kind", "metadata"} {
		delete(props, p)
	}
	stripDescriptions(got)
	stripDescriptions(want)
	if !reflect.DeepEqual(want, got) {
		w, _ := yaml.Marshal(want)
		g, _ := yaml.Marshal(got)
		t.Errorf("generated CRD differs from examples/crd.yaml\nwant:\n%s\ngot:\n%s", w, g)
	}
}

func rootSchema(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	versions := crd["spec"].(map[string]any)["versions"].([]any)
	return versions[0].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)
}

// stripDescriptions removes every description key of a schema tree.
func stripDescriptions(v any) {
	switch x := v.(type) {
	case map[string]any:
		if _, isSchema := x["description"].(string); isSchema {
			delete(x, "description")
		}
		for _, c := range x {
			stripDescriptions(c)
		}
	case []any:
		for _, c := range x {
			stripDescriptions(c)
		}
	}
}
