package lower_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/seedcases"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// seedCRD wraps a seed example's schema as property spec of a CRD's root.
// bound, when not empty, is the maxItems of every list and the
// maxProperties of every map (which the rules' cost needs), and strings get
// a maxLength.
func seedCRD(t *testing.T, s, bound string) map[string]any {
	t.Helper()
	if bound != "" {
		s = strings.NewReplacer("type: array,", "type: array, maxItems: "+bound+",",
			"additionalProperties:", "maxProperties: "+bound+", additionalProperties:",
			"type: string", "type: string, maxLength: 16").Replace(s)
	}
	text := fmt.Sprintf(`
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
      openAPIV3Schema: {type: object, properties: {spec: %s}}
`, s)
	return mustDoc(t, text)
}

func mustDoc(t *testing.T, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader(text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input: %v", errs)
	}
	return docs[0].Object
}

func seedObject(t *testing.T, spec string) map[string]any {
	obj := map[string]any{"apiVersion": "example.kval.dev/v1", "kind": "Seed",
		"metadata": map[string]any{"name": "s", "namespace": "ns"}}
	obj["spec"] = mustDoc(t, "---\n"+spec)
	return obj
}

// TestSeedExamplesLowered runs every transition of seed 000's worked
// examples, under each value of the extension, through the extensions and
// through the lowered rules: both give the seed's verdict, with the same
// errors (sameErrors). Lists get maxItems, which item immutability in
// atomic lists needs (without it, Lower says so:
// TestUnlowerableConstructsSayWhyAndWhatFixesThem/atomic_list_items).
func TestSeedExamplesLowered(t *testing.T) {
	pairs := 0
	for _, ex := range seedcases.Examples {
		for _, m := range ex.Values {
			crd := seedCRD(t, fmt.Sprintf(ex.Schema, m), "8")
			sd, res := newSides(t, crd, "v1")
			if len(res.Unlowered) > 0 {
				t.Fatalf("%s/%s: not lowered: %v", ex.Name, m, res.Unlowered)
			}
			for _, step := range ex.Transitions {
				old, new := seedObject(t, step.Old), seedObject(t, step.New)
				got, err := sd.compare(old, new)
				if err != nil {
					t.Errorf("%s/%s: %s -> %s: %v", ex.Name, m, step.Old, step.New, err)
					continue
				}
				want := rejected
				if contains(step.Allowed, m) {
					want = accepted
				}
				if got != want {
					t.Errorf("%s/%s: %s -> %s: got %v, the seed says %v", ex.Name, m, step.Old, step.New, got, want)
				}
				pairs++
			}
		}
	}
	t.Logf("%d transitions of seed 000: the same verdicts and errors (sameErrors) through the extensions and the lowered rules", pairs)
}

func contains(list []schema.Mutability, m schema.Mutability) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}
