package crd

import (
	"reflect"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestKnownTypesAsControllerGen: the types whose JSON form is not their Go
// structure get controller-gen's schemas (controller-tools' known_types.go
// and its []byte case), and +kubebuilder:subresource:scale its scale
// subresource. The expected YAML is written from controller-gen's
// definitions, not produced by kval.
func TestKnownTypesAsControllerGen(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/known"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	quantity := `{anyOf: [{type: integer}, {type: string}], x-kubernetes-int-or-string: true,
		pattern: '^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$'}`
	spec := dig(rootSchema(t, res.CRDs[0].Object), "properties", "spec", "properties")
	for field, want := range map[string]string{
		"data":    `{type: string, format: byte}`,
		"size":    quantity,
		"limit":   quantity,
		"timeout": `{type: string}`,
		"at":      `{type: string, format: date-time}`,
	} {
		t.Run(field, func(t *testing.T) { sameYAML(t, spec[field], want) })
	}
	t.Run("scale", func(t *testing.T) {
		version := res.CRDs[0].Object["spec"].(map[string]any)["versions"].([]any)[0].(map[string]any)
		sameYAML(t, version["subresources"], `{status: {}, scale: {specReplicasPath: .spec.replicas,
			statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}}`)
	})
}

// sameYAML compares a generated value with YAML, as JSON values.
func sameYAML(t *testing.T, got any, want string) {
	t.Helper()
	var w, g any
	if err := yaml.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	data, err := yaml.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("got:\n%s\nwant (controller-gen's):\n%s", data, want)
	}
}
