package crd

import (
	"slices"
	"strings"
	"testing"
)

// generateOne runs a fixture that must give one CRD and no problem.
func generateOne(t *testing.T, opts Options) map[string]any {
	t.Helper()
	res, err := Generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.CRDs) != 1 {
		t.Fatalf("problems %v, %d CRDs", res.Problems, len(res.CRDs))
	}
	return res.CRDs[0].Object
}

// specFields are the properties of a CRD's spec, without descriptions.
func specFields(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	return withoutDescriptions(dig(rootSchema(t, crd), "properties", "spec", "properties")).(map[string]any)
}

func withoutDescriptions(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, c := range x {
			if k == "properties" {
				props := map[string]any{}
				for name, p := range c.(map[string]any) {
					props[name] = withoutDescriptions(p)
				}
				out[k] = props
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

// TestForeignPackagesAsControllerGen: k8s.io/api's markers of other tools
// (+k8s:protobuf-gen, +enum, +k8s:format, the +k8s:customValidation kval
// refuses in its own packages) neither stop the run nor shape the CRD;
// controller-gen's markers there still do (+default="ext4",
// +structType=atomic on the inlined LocalObjectReference), and
// +default=ref(...) writes no default, as with controller-gen.
func TestForeignPackagesAsControllerGen(t *testing.T) {
	spec := specFields(t, generateOne(t, Options{Patterns: []string{"./testdata/embedsapi"}}))
	responder := spec["responder"].(map[string]any)
	sameYAML(t, responder["properties"].(map[string]any)["name"], `{type: string}`)
	if _, ok := responder["x-kubernetes-validations"]; ok {
		t.Errorf("responder has rules from k8s.io/api's +k8s: tags: %v", responder["x-kubernetes-validations"])
	}
	disk := spec["disk"].(map[string]any)["properties"].(map[string]any)
	for field, want := range map[string]string{
		"cachingMode": `{type: string}`, // +enum, +default=ref(...)
		"kind":        `{type: string}`, // +default=ref(...)
		"fsType":      `{type: string, default: ext4}`,
		"readOnly":    `{type: boolean, default: false}`,
	} {
		t.Run("disk."+field, func(t *testing.T) { sameYAML(t, disk[field], want) })
	}
	t.Run("envFrom", func(t *testing.T) {
		sameYAML(t, spec["envFrom"], `{type: object, x-kubernetes-map-type: atomic,
			properties: {name: {type: string, default: ""}, optional: {type: boolean}}}`)
	})
}

// TestSchemalessAsControllerGen: a Schemaless field's type is not looked
// at (a recursive type, map[string]any), its other markers give its
// schema whatever their order, x-kubernetes-preserve-unknown-fields
// included; +default=ref(...) resolves and writes no default, so
// +kubebuilder:default's stands, and +kubebuilder:default overrides a
// literal +default whatever their order, as controller-gen applies them.
func TestSchemalessAsControllerGen(t *testing.T) {
	spec := specFields(t, generateOne(t, Options{Patterns: []string{"./testdata/schemaless"}}))
	for field, want := range map[string]string{
		"properties": `{x-kubernetes-preserve-unknown-fields: true}`,
		"items":      `{type: object, x-kubernetes-preserve-unknown-fields: true}`,
		"values":     `{type: object, x-kubernetes-preserve-unknown-fields: true}`,
		"reason":     `{type: string, default: FieldValueInvalid}`,
		"fallback":   `{type: string}`,
		"count":      `{type: integer, format: int32, default: 2}`, // +kubebuilder:default wins, written first
	} {
		t.Run(field, func(t *testing.T) { sameYAML(t, spec[field], want) })
	}
}

// TestAllowDangerousTypes: a float is a problem unless the option allows
// it, as type number (controller-gen's crd:allowDangerousTypes=true).
func TestAllowDangerousTypes(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/dangerous"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || !strings.Contains(res.Problems[0].Msg, "float64: floats are not portable") {
		t.Errorf("without the option: problems %v", res.Problems)
	}
	spec := specFields(t, generateOne(t, Options{Patterns: []string{"./testdata/dangerous"}, AllowDangerousTypes: true}))
	sameYAML(t, spec["ratio"], `{type: number}`)
}

// TestGenerateEmbeddedObjectMeta: with the option, an ObjectMeta below the
// root gets controller-gen's properties; the root's metadata stays
// {type: object} either way.
func TestGenerateEmbeddedObjectMeta(t *testing.T) {
	for _, embedded := range []bool{false, true} {
		crd := generateOne(t, Options{Patterns: []string{"./testdata/dangerous"}, AllowDangerousTypes: true, GenerateEmbeddedObjectMeta: embedded})
		sameYAML(t, rootSchema(t, crd)["properties"].(map[string]any)["metadata"], `{type: object}`)
		want := `{type: object}`
		if embedded {
			want = `{type: object, properties: {name: {type: string}, namespace: {type: string},
				labels: {type: object, additionalProperties: {type: string}},
				annotations: {type: object, additionalProperties: {type: string}},
				finalizers: {type: array, items: {type: string}}}}`
		}
		sameYAML(t, specFields(t, crd)["template"].(map[string]any)["properties"].(map[string]any)["metadata"], want)
	}
}

// TestDefaultPlural: kinds are named by controller-gen's plurals
// (conformance/projectcrd compares DefaultPlural with controller-gen's
// pluralizer on many more).
func TestDefaultPlural(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/plural"}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.CRDs {
		names = append(names, c.Name)
	}
	want := []string{"criteria.plural.example.com", "heroes.plural.example.com", "mapappendonlykeys.plural.example.com"}
	if len(res.Problems) != 0 || !slices.Equal(names, want) {
		t.Errorf("problems %v, CRDs %v, want %v", res.Problems, names, want)
	}
}

// TestOwnPackagesStayChecked: a package of the project's own module is
// not foreign because the patterns leave it out: its unknown marker is
// still a problem.
func TestOwnPackagesStayChecked(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/ownshared/api"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || res.Problems[0].Msg != "unknown marker +frobnicate" ||
		!strings.HasSuffix(res.Problems[0].Pos.File, "ownshared/shared/types.go") {
		t.Errorf("problems %v, want the unknown marker of package shared", res.Problems)
	}
}
