package crdvalidation

import "sort"

// Value keywords and defaults shaped like their schema, so that random
// defaults get past pruning and the metadata checks and reach value
// validation (formats, int-or-string, bounds, lengths, counts).

// formats are the formats random schemas use: checked ones, numeric ones,
// and one kube-openapi does not know.
var formats = []any{"int32", "int64", "float", "date-time", "date", "byte", "uuid", "k8s-short-name", "email", "ipv4", "duration", "foo"}

// scalars are default values that match some formats and miss others.
var scalars = []any{"x", "Ab", "abc=", "2020-01-01", "2020-01-01T00:00:00Z", "00000000-0000-0000-0000-000000000000",
	"a@b.c", "1.2.3.4", "1h", "50%", "", int64(0), int64(-1), int64(7), int64(3000000000), 1.5, true}

// valueKeywords adds numeric bounds, lengths and counts.
func (g *crdGen) valueKeywords(s map[string]any) {
	g.maybe(s, 0.05, "minimum", g.pick(int64(0), 1.5))
	g.maybe(s, 0.05, "maximum", g.pick(int64(5), 2.5))
	g.maybe(s, 0.03, "exclusiveMinimum", true)
	g.maybe(s, 0.03, "exclusiveMaximum", true)
	g.maybe(s, 0.05, "multipleOf", g.pick(int64(2), 0.5))
	g.maybe(s, 0.05, "minLength", int64(2))
	g.maybe(s, 0.03, "minItems", int64(1))
	g.maybe(s, 0.03, "maxItems", int64(1))
	g.maybe(s, 0.03, "minProperties", int64(1))
	g.maybe(s, 0.03, "maxProperties", int64(1))
}

// valueFor builds a value that follows s loosely: the declared type and
// properties mostly, sometimes a random value of any type.
func (g *crdGen) valueFor(s map[string]any, depth int) any {
	if depth > 4 || g.chance(0.15) {
		return g.value(3)
	}
	switch s["type"] {
	case "object":
		return g.objectFor(s, depth)
	case "array":
		var list []any
		items, _ := s["items"].(map[string]any)
		for i := g.r.Intn(3); i > 0 && items != nil; i-- {
			list = append(list, g.valueFor(items, depth+1))
		}
		return append([]any{}, list...)
	}
	return g.pick(scalars...)
}

// objectFor fills some of the properties of s; an embedded resource gets
// type meta most of the time.
func (g *crdGen) objectFor(s map[string]any, depth int) map[string]any {
	obj := map[string]any{}
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names) // map order would make the seeded CRDs differ between runs
	for _, name := range names {
		if ps, ok := props[name].(map[string]any); ok && g.chance(0.6) {
			obj[name] = g.valueFor(ps, depth+1)
		}
	}
	if s["x-kubernetes-embedded-resource"] == true && g.chance(0.8) {
		obj["apiVersion"] = g.pick("v1", "example.com/v1", "a/b/c")
		obj["kind"] = g.pick("Foo", "")
	}
	return obj
}
