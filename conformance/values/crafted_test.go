package values

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// craftedPair compiles a schema written as YAML flow text on both sides.
func craftedPair(t testing.TB, doc string) (*pair, *schema.Schema) {
	t.Helper()
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		t.Fatalf("converting %s: %v", doc, err)
	}
	d, err := manifest.NewReader("schema", strings.NewReader(string(js))).Next()
	if err != nil {
		t.Fatalf("reading %s: %v", doc, err)
	}
	s, errs := schema.Parse(nil, d.Object)
	if len(errs) > 0 {
		t.Fatalf("parsing %s: %v", doc, errs)
	}
	return newPair(t, s, upstreamProps(t, doc)), s
}

func decodeJSON(t testing.TB, text string) any {
	t.Helper()
	var v any
	if err := utiljson.Unmarshal([]byte(text), &v); err != nil {
		t.Fatalf("decoding %s: %v", text, err)
	}
	return v
}

// allCraftedSchemas adds a schema per format (typed and untyped) to the
// crafted ones, sorted by name.
func allCraftedSchemas() ([]string, map[string]string) {
	all := map[string]string{}
	for name, doc := range craftedSchemas {
		all[name] = doc
	}
	for _, f := range formatNames {
		all["format "+f] = fmt.Sprintf(`{type: string, format: %q, maxLength: 40}`, f)
		all["untyped format "+f] = fmt.Sprintf(`{format: %q}`, f)
	}
	names := make([]string, 0, len(all))
	for name := range all {
		names = append(names, name)
	}
	sort.Strings(names)
	return names, all
}

// TestCraftedSchemas compares kval and upstream on crafted schemas: every
// pool value on create (at the nil path and below "status"), updates between
// pool values, and generated values (valid, violated and hostile) inside an
// object.
func TestCraftedSchemas(t *testing.T) {
	var c tally
	names, all := allCraftedSchemas()
	pool := make([]any, len(valuePool))
	for i, text := range valuePool {
		pool[i] = decodeJSON(t, text)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			p, _ := craftedPair(t, all[name])
			status := *p
			status.fldPath = field.NewPath("status")
			for i, v := range pool {
				p.create(t, &c, fmt.Sprintf("%s: %s", name, valuePool[i]), v)
				status.create(t, &c, fmt.Sprintf("%s (status): %s", name, valuePool[i]), v)
			}
			for i, old := range pool {
				for j, v := range pool {
					if (i*7+j*3)%5 == 0 || i == j {
						p.update(t, &c, fmt.Sprintf("%s: %s -> %s", name, valuePool[i], valuePool[j]), v, old)
					}
					if (i*3+j*7)%11 == 0 {
						status.update(t, &c, fmt.Sprintf("%s (status): %s -> %s", name, valuePool[i], valuePool[j]), v, old)
					}
				}
			}
			wrapped, _ := craftedPair(t, `{type: object, properties: {v: `+all[name]+`}}`)
			for i, v := range pool {
				wrapped.create(t, &c, fmt.Sprintf("%s: {v: %s}", name, valuePool[i]), map[string]any{"v": v})
			}
			generatedInObject(t, &c, name, all[name])
		})
	}
	report(t, fmt.Sprintf("crafted schemas (%d schemas, %d pool values)", len(names), len(pool)), c)
}

// generatedInObject validates generated values of a schema as property v of
// an object, so that objgen can violate and mutate them.
func generatedInObject(t *testing.T, c *tally, name, doc string) {
	p, s := craftedPair(t, `{type: object, properties: {v: `+doc+`}}`)
	for _, opts := range []objgen.Options{objgen.ValidOnly, objgen.Hostile} {
		g := objgen.New(seedOf(name), opts)
		for i := 0; i < 60; i++ {
			obj := map[string]any{"v": g.Value(s.Properties["v"])}
			p.create(t, c, fmt.Sprintf("%s: generated #%d", name, i), obj)
			bad := g.Mutate(s, obj)
			g.Violate(s, bad)
			p.create(t, c, fmt.Sprintf("%s: violated #%d", name, i), bad)
			p.update(t, c, fmt.Sprintf("%s: update #%d", name, i), bad, obj)
			p.update(t, c, fmt.Sprintf("%s: update back #%d", name, i), obj, bad)
		}
	}
}
