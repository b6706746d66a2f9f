package values

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"testing"

	"github.com/kval-dev/kval/internal/objgen"
)

// schemaGen builds random schemas out of every keyword, including
// combinations no real CRD uses, to find where kval and upstream part.
type schemaGen struct{ r *rand.Rand }

func (g schemaGen) pick(options ...any) any { return options[g.r.Intn(len(options))] }

func (g schemaGen) chance(p float64) bool { return g.r.Float64() < p }

func (g schemaGen) schema(depth int) map[string]any {
	s := map[string]any{}
	kind := g.pick("string", "integer", "number", "boolean", "array", "object", "", "int-or-string").(string)
	switch kind {
	case "int-or-string":
		s["x-kubernetes-int-or-string"] = true
	case "":
	default:
		s["type"] = kind
	}
	if g.chance(0.3) {
		s["format"] = g.pick("int32", "int64", "float", "double", "date-time", "ipv4", "uuid", "byte",
			"k8s-short-name", "duration", "hostname", "no-such-format").(string)
	}
	g.scalarKeywords(s)
	if kind == "array" || kind == "" && g.chance(0.2) {
		g.arrayKeywords(s, depth)
	}
	if kind == "object" || kind == "" && g.chance(0.2) {
		g.objectKeywords(s, depth)
	}
	if depth > 0 && g.chance(0.25) {
		g.composition(s, depth)
	}
	if g.chance(0.1) {
		s["nullable"] = true
	}
	return s
}

func (g schemaGen) scalarKeywords(s map[string]any) {
	if g.chance(0.2) {
		s["enum"] = []any{g.pick("a", int64(1), 1.5, true, "b"), g.pick("c", int64(2), int64(97), nil)}
	}
	if g.chance(0.2) {
		s["maxLength"] = int64(g.r.Intn(4))
	}
	if g.chance(0.15) {
		s["minLength"] = int64(g.r.Intn(3))
	}
	if g.chance(0.15) {
		s["pattern"] = g.pick("^a", "b$", "^[a-c]+$", "x*", "(?<=a)").(string)
	}
	if g.chance(0.2) {
		s["maximum"] = g.pick(int64(3), 2.5, int64(-1), 1e10).(any)
		s["exclusiveMaximum"] = g.chance(0.3)
	}
	if g.chance(0.2) {
		s["minimum"] = g.pick(int64(0), 0.5, int64(-3)).(any)
		s["exclusiveMinimum"] = g.chance(0.3)
	}
	if g.chance(0.15) {
		s["multipleOf"] = g.pick(int64(2), 0.5, 0.1, int64(3)).(any)
	}
}

func (g schemaGen) arrayKeywords(s map[string]any, depth int) {
	if depth > 0 && g.chance(0.8) {
		s["items"] = g.schema(depth - 1)
	}
	if g.chance(0.2) {
		s["maxItems"] = int64(g.r.Intn(3))
	}
	if g.chance(0.2) {
		s["minItems"] = int64(g.r.Intn(2))
	}
	if g.chance(0.15) {
		s["uniqueItems"] = true
	}
	switch g.r.Intn(4) {
	case 0:
		s["x-kubernetes-list-type"] = "set"
	case 1:
		s["x-kubernetes-list-type"] = "map"
		s["x-kubernetes-list-map-keys"] = g.pick([]any{"k"}, []any{"k", "n"}).([]any)
		s["type"] = "array"
		s["items"] = map[string]any{"type": "object", "properties": map[string]any{
			"k": map[string]any{"type": "string", "maxLength": int64(2)}, "n": map[string]any{"type": "integer"},
			"v": g.schema(max(depth-1, 0))}}
	}
}

func (g schemaGen) objectKeywords(s map[string]any, depth int) {
	props := map[string]any{}
	for i := g.r.Intn(4); i > 0 && depth > 0; i-- {
		props[g.pick("a", "b", "k", "n", "kind", "apiVersion", "").(string)] = g.schema(depth - 1)
	}
	if len(props) > 0 {
		s["properties"] = props
	}
	switch g.r.Intn(5) {
	case 0:
		s["additionalProperties"] = false
	case 1:
		s["additionalProperties"] = true
	case 2:
		if depth > 0 {
			s["additionalProperties"] = g.schema(depth - 1)
		}
	}
	if g.chance(0.3) {
		s["required"] = []any{g.pick("a", "b", "z"), g.pick("a", "k")}
	}
	if g.chance(0.15) {
		s["maxProperties"] = int64(g.r.Intn(3))
	}
	if g.chance(0.15) {
		s["minProperties"] = int64(g.r.Intn(3))
	}
	if g.chance(0.1) {
		s["x-kubernetes-preserve-unknown-fields"] = true
	}
}

func (g schemaGen) composition(s map[string]any, depth int) {
	branches := func() []any {
		var out []any
		for i := 1 + g.r.Intn(3); i > 0; i-- {
			b := g.schema(depth - 1)
			delete(b, "x-kubernetes-int-or-string")
			out = append(out, b)
		}
		return out
	}
	switch g.r.Intn(4) {
	case 0:
		s["allOf"] = branches()
	case 1:
		s["anyOf"] = branches()
	case 2:
		s["oneOf"] = branches()
	default:
		s["not"] = g.schema(depth - 1)
	}
}

var (
	randomSeed    = flag.Int64("random-seed", 42, "seed of the random schemas")
	randomSchemas = flag.Int("random-schemas", 400, "number of random schemas")
)

// TestRandomSchemas compares kval and upstream on random schemas: pool
// values, generated values (valid-only and hostile), violations and
// updates between them.
func TestRandomSchemas(t *testing.T) {
	var c tally
	g := schemaGen{r: rand.New(rand.NewSource(*randomSeed))}
	pool := make([]any, len(valuePool))
	for i, text := range valuePool {
		pool[i] = decodeJSON(t, text)
	}
	schemas := *randomSchemas
	for n := 0; n < schemas; n++ {
		doc, err := json.Marshal(map[string]any{"type": "object", "properties": map[string]any{"v": g.schema(3)}})
		if err != nil {
			t.Fatal(err)
		}
		p, s := craftedPair(t, string(doc))
		name := fmt.Sprintf("random schema #%d %s", n, doc)
		values := []map[string]any{}
		for _, v := range pool[n%7:] {
			values = append(values, map[string]any{"v": v})
		}
		for _, opts := range []objgen.Options{objgen.ValidOnly, objgen.Hostile} {
			gen := objgen.New(int64(n), opts)
			for i := 0; i < 10; i++ {
				obj := map[string]any{"v": gen.Value(s.Properties["v"])}
				bad := gen.Mutate(s, obj)
				gen.Violate(s, bad)
				values = append(values, obj, bad)
			}
		}
		for i, v := range values {
			p.create(t, &c, name, v)
			if i > 0 {
				p.update(t, &c, name, v, values[i-1])
				p.update(t, &c, name, v, v)
			}
		}
	}
	report(t, fmt.Sprintf("random schemas (%d)", schemas), c)
}
