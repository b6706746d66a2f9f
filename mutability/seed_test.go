package mutability

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/seedcases"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// all is every value of the extensions.
var all = seedcases.All

// TestSeed000Examples runs every transition of seed 000's examples under
// each value of the extension the example is about.
func TestSeed000Examples(t *testing.T) {
	for _, ex := range seedcases.Examples {
		for _, m := range ex.Values {
			c := Compile(mustSchema(t, fmt.Sprintf(ex.Schema, m)))
			for _, tr := range ex.Transitions {
				name := fmt.Sprintf("%s/%s/%s_to_%s", ex.Name, m, tr.Old, tr.New)
				t.Run(name, func(t *testing.T) {
					errs := c.Check(nil, mustObject(t, tr.New), mustObject(t, tr.Old))
					allowed := containsMutability(tr.Allowed, m)
					if allowed && len(errs) > 0 {
						t.Errorf("allowed by the seed, rejected: %v", errs)
					}
					if !allowed && len(errs) == 0 {
						t.Errorf("disallowed by the seed, accepted")
					}
				})
			}
		}
	}
}

func containsMutability(list []schema.Mutability, m schema.Mutability) bool {
	for _, x := range list {
		if x == m {
			return true
		}
	}
	return false
}

func mustObject(t testing.TB, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader("---\n"+text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input %q: %v", text, errs)
	}
	return docs[0].Object
}

func mustSchema(t testing.TB, text string) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, mustObject(t, text))
	if len(errs) > 0 {
		t.Fatalf("bad test schema: %v", errs)
	}
	return s
}
