package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/seedcases"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// TestLoweredSeedExamplesOnKubeAPIServer runs every transition of seed
// 000's worked examples, under each value of the extension, through
// kube-apiserver holding the lowered CRD, and compares each verdict and
// error with the engine's on the CRD with the extensions; each verdict is
// also the seed's. One CRD holds every example, as property e<i> of spec
// (schemas bounded as package lower's seed test bounds them: maxItems 8,
// which item immutability in atomic lists needs), so kube-apiserver serves
// one CRD, not 32.
func TestLoweredSeedExamplesOnKubeAPIServer(t *testing.T) {
	type seedCase struct {
		prop    string
		example seedcases.Example
		value   string
	}
	var cases []seedCase
	var props []string
	for _, ex := range seedcases.Examples {
		for _, m := range ex.Values {
			prop := fmt.Sprintf("e%d", len(cases))
			cases = append(cases, seedCase{prop, ex, string(m)})
			props = append(props, prop+": "+bounded(fmt.Sprintf(ex.Schema, m)))
		}
	}
	c := newLoweredCase(t, seedsCRD(t, props), "seeds.e2e.kval.dev", "seeds")
	var v verdicts
	for _, sc := range cases {
		for i, step := range sc.example.Transitions {
			what := fmt.Sprintf("%s/%s: %s -> %s", sc.example.Name, sc.value, step.Old, step.New)
			tr := transition{what, map[string]any{sc.prop: seedSpec(t, step.Old)}, map[string]any{sc.prop: seedSpec(t, step.New)}}
			before := v
			c.run(t, fmt.Sprintf("%s-%d", sc.prop, i), tr, &v)
			allowed := v.allowed > before.allowed
			if want := slices.Contains(step.Allowed, schema.Mutability(sc.value)); allowed != want {
				t.Errorf("%s: allowed %v, the seed says %v", what, allowed, want)
			}
		}
	}
	t.Logf("%d allowed, %d denied with identical errors, %d reported higher up, %d invalid by the schema", v.allowed, v.identical, v.explained, v.schemaInvalid)
}

// bounded gives a seed schema the bounds package lower's seed test gives
// it: maxItems and maxProperties 8, maxLength 16.
func bounded(s string) string {
	return strings.NewReplacer("type: array,", "type: array, maxItems: 8,",
		"additionalProperties:", "maxProperties: 8, additionalProperties:",
		"type: string", "type: string, maxLength: 16").Replace(s)
}

// seedsCRD is a CRD whose spec has the properties props (YAML "name:
// schema" in flow style).
func seedsCRD(t *testing.T, props []string) map[string]any {
	t.Helper()
	return yamlDoc(t, fmt.Sprintf(`
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: seeds.example.kval.dev}
spec:
  group: example.kval.dev
  scope: Namespaced
  names: {plural: seeds, singular: seed, kind: Seed, listKind: SeedList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {%s}}}}
`, strings.Join(props, ", ")))
}

func seedSpec(t *testing.T, text string) map[string]any {
	return yamlDoc(t, "---\n"+text)
}

func yamlDoc(t *testing.T, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader(text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input: %v", errs)
	}
	return docs[0].Object
}
