package crdvalidation

import (
	"flag"
	"fmt"
	"math/rand"
	"testing"

	"github.com/kval-dev/kval/manifest"
)

var (
	randomCRDs = flag.Int("random", 2000, "random CRDs to compare")
	randomSeed = flag.Int64("seed", 1, "seed of the random CRDs")
)

// TestRandomMatchesUpstream compares kval and upstream on random CRDs: every
// keyword and extension in random combinations and places, valid or not.
func TestRandomMatchesUpstream(t *testing.T) {
	g := &crdGen{r: rand.New(rand.NewSource(*randomSeed))}
	for i := 0; i < *randomCRDs; i++ {
		obj := g.crd()
		doc := manifest.Document{Source: manifest.Source{File: fmt.Sprintf("random-%d", i), Item: -1}, Object: obj}
		t.Run(doc.Source.File, func(t *testing.T) { compareDocument(t, doc) })
	}
	t.Logf("%d random CRDs compared (seed %d)", *randomCRDs, *randomSeed)
	fmt.Printf("conformance/crdvalidation: %d random CRDs compared with upstream (seed %d)\n", *randomCRDs, *randomSeed)
}

// crdGen builds random CRD documents as unstructured values.
type crdGen struct {
	r *rand.Rand
}

func (g *crdGen) chance(p float64) bool { return g.r.Float64() < p }

func (g *crdGen) pick(options ...any) any { return options[g.r.Intn(len(options))] }

func (g *crdGen) crd() map[string]any {
	if g.chance(0.3) {
		return g.betaCRD()
	}
	versions := []any{g.version("v1", true)}
	if g.chance(0.3) {
		v2 := g.version("v2", false)
		if g.chance(0.5) {
			v2["schema"] = versions[0].(map[string]any)["schema"] // identical schemas collapse
		}
		versions = append(versions, v2)
	}
	spec := map[string]any{
		"group":    "example.com",
		"scope":    g.pick("Namespaced", "Cluster"),
		"names":    map[string]any{"plural": "foos", "singular": "foo", "kind": "Foo", "listKind": "FooList"},
		"versions": versions,
	}
	meta := map[string]any{"name": "foos.example.com"}
	if g.chance(0.1) {
		g.mangleNames(spec, meta)
	}
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1",
		"kind":       "CustomResourceDefinition",
		"metadata":   meta,
		"spec":       spec,
	}
}

// mangleNames changes group, names, scope and metadata to values valid or not.
func (g *crdGen) mangleNames(spec, meta map[string]any) {
	spec["group"] = g.pick("example.com", "x.k8s.io", "k8s.io", "Example.com", "example", "")
	spec["scope"] = g.pick("Namespaced", "Cluster", "", "Global")
	names := map[string]any{}
	g.maybe(names, 0.8, "plural", g.pick("foos", "Foos", ""))
	g.maybe(names, 0.5, "singular", g.pick("foo", "foo_"))
	g.maybe(names, 0.8, "kind", g.pick("Foo", "Foo.Bar", "FooList"))
	g.maybe(names, 0.5, "listKind", g.pick("FooList", "Foo"))
	g.maybe(names, 0.2, "shortNames", []any{g.pick("f", "F")})
	g.maybe(names, 0.2, "categories", []any{g.pick("all", "a b")})
	spec["names"] = names
	plural, _ := names["plural"].(string)
	meta["name"] = g.pick(plural+"."+spec["group"].(string), "foos.example.com", "")
	g.maybe(meta, 0.3, "annotations", map[string]any{"api-approved.kubernetes.io": g.pick("unapproved", "https://k8s.io/x", "nope")})
	if g.chance(0.2) {
		spec["conversion"] = map[string]any{"strategy": g.pick("None", "Webhook", "Other"),
			"webhook": map[string]any{"conversionReviewVersions": []any{g.pick("v1", "v9")},
				"clientConfig": map[string]any{"url": g.pick("https://a.example.com/c", "http://a/c?x")}}}
	}
}

// betaCRD builds an apiextensions.k8s.io/v1beta1 CRD, mixing top-level and
// per-version schemas, subresources and printer columns.
func (g *crdGen) betaCRD() map[string]any {
	spec := map[string]any{
		"group": "example.com",
		"names": map[string]any{"plural": "foos", "kind": "Foo"},
	}
	g.maybe(spec, 0.7, "preserveUnknownFields", g.pick(false, false, true))
	g.maybe(spec, 0.5, "validation", map[string]any{"openAPIV3Schema": g.root()})
	g.maybe(spec, 0.3, "subresources", g.subresources())
	g.maybe(spec, 0.3, "additionalPrinterColumns", g.columns())
	var versions []any
	for i, name := range []string{"v1", "v2"}[:1+g.r.Intn(2)] {
		v := map[string]any{"name": name, "served": true, "storage": i == 0}
		g.maybe(v, 0.4, "schema", map[string]any{"openAPIV3Schema": g.root()})
		g.maybe(v, 0.3, "subresources", g.subresources())
		g.maybe(v, 0.3, "additionalPrinterColumns", g.columns())
		versions = append(versions, v)
	}
	if g.chance(0.8) {
		spec["versions"] = versions
	} else {
		spec["version"] = "v1"
	}
	if g.chance(0.2) {
		spec["conversion"] = map[string]any{"strategy": g.pick("None", "Webhook"),
			"webhookClientConfig": map[string]any{"url": "https://example.com/convert"}}
	}
	return map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1beta1",
		"kind":       "CustomResourceDefinition",
		"metadata":   map[string]any{"name": "foos.example.com"},
		"spec":       spec,
	}
}

func (g *crdGen) subresources() map[string]any {
	sub := map[string]any{}
	g.maybe(sub, 0.7, "status", map[string]any{})
	g.maybe(sub, 0.3, "scale", map[string]any{"specReplicasPath": g.pick(".spec.r", "spec.r"), "statusReplicasPath": ".status.r"})
	return sub
}

func (g *crdGen) columns() []any {
	return []any{map[string]any{"name": "a", "type": g.pick("string", "float"), "JSONPath": g.pick(".spec.a", "spec.a")}}
}

func (g *crdGen) version(name string, storage bool) map[string]any {
	v := map[string]any{"name": name, "served": true, "storage": storage,
		"schema": map[string]any{"openAPIV3Schema": g.root()}}
	if g.chance(0.3) {
		v["subresources"] = map[string]any{"status": map[string]any{}}
	}
	if g.chance(0.2) {
		var fields []any
		for i := g.r.Intn(4); i >= 0; i-- {
			fields = append(fields, map[string]any{"jsonPath": g.pick(".spec", ".spec.a", ".spec.b", ".status.a", ".metadata.name", "", ".spec.a.b", ".x", ".spec['a']")})
		}
		v["selectableFields"] = fields
	}
	return v
}

func (g *crdGen) root() map[string]any {
	s := g.schema(0)
	if g.chance(0.8) {
		s["type"] = "object"
	}
	props, _ := s["properties"].(map[string]any)
	if props == nil {
		props = map[string]any{}
		s["properties"] = props
	}
	if g.chance(0.5) {
		props["spec"] = g.schema(1)
	}
	if g.chance(0.2) {
		props["metadata"] = g.metadataSchema()
	}
	return s
}

func (g *crdGen) metadataSchema() map[string]any {
	m := map[string]any{"type": g.pick("object", "object", "string")}
	if g.chance(0.7) {
		props := map[string]any{}
		for _, name := range []string{"name", "generateName", "labels"} {
			if g.chance(0.5) {
				props[name] = map[string]any{"type": "string"}
			}
		}
		m["properties"] = props
	}
	g.maybe(m, 0.2, "default", map[string]any{"name": "x"})
	g.maybe(m, 0.1, "description", "meta")
	g.maybe(m, 0.1, "required", []any{})
	return m
}

var propertyNames = []any{"a", "b", "spec", "status", "metadata", "kind", "apiVersion", "k"}

// schema builds a random schema node; depth bounds the nesting.
func (g *crdGen) schema(depth int) map[string]any {
	s := map[string]any{}
	typ := g.pick("object", "object", "array", "string", "integer", "number", "boolean", "", "foo").(string)
	if typ != "" {
		s["type"] = typ
	}
	switch {
	case typ == "object" && depth < 4:
		g.objectKeywords(s, depth)
	case typ == "array" && depth < 4:
		g.arrayKeywords(s, depth)
	}
	g.scalarKeywords(s)
	g.extensions(s)
	if depth < 3 && g.chance(0.2) {
		g.junctors(s, depth)
	}
	if g.chance(0.15) {
		s["default"] = g.valueFor(s, depth)
	}
	if g.chance(0.04) {
		g.unsupported(s)
	}
	return s
}

func (g *crdGen) objectKeywords(s map[string]any, depth int) {
	if g.chance(0.7) {
		props := map[string]any{}
		for i := g.r.Intn(3); i >= 0; i-- {
			props[g.pick(propertyNames...).(string)] = g.schema(depth + 1)
		}
		s["properties"] = props
	}
	if g.chance(0.2) {
		s["additionalProperties"] = g.pick(true, false, g.schema(depth+1))
	}
	if g.chance(0.1) {
		s["x-kubernetes-embedded-resource"] = true
	}
	if g.chance(0.1) {
		s["x-kubernetes-map-type"] = g.pick("atomic", "granular", "weird")
	}
	if g.chance(0.15) {
		s["default"] = g.value(depth)
	}
}

func (g *crdGen) arrayKeywords(s map[string]any, depth int) {
	if g.chance(0.85) {
		item := g.schema(depth + 1)
		if g.chance(0.05) {
			s["items"] = []any{item}
		} else {
			s["items"] = item
		}
	}
	if g.chance(0.3) {
		s["x-kubernetes-list-type"] = g.pick("atomic", "set", "map", "bag")
	}
	if g.chance(0.2) {
		s["x-kubernetes-list-map-keys"] = []any{g.pick(propertyNames...)}
	}
	g.maybe(s, 0.05, "uniqueItems", true)
	g.maybe(s, 0.1, "default", []any{})
}

func (g *crdGen) scalarKeywords(s map[string]any) {
	g.maybe(s, 0.1, "nullable", true)
	g.maybe(s, 0.1, "default", g.value(3))
	g.maybe(s, 0.1, "pattern", g.pick("^a+$", "(", "[z-a]", "a{2}"))
	g.maybe(s, 0.15, "format", g.pick(formats...))
	g.maybe(s, 0.1, "enum", g.pick([]any{"a", int64(1)}, []any{"x", "2020-01-01"}, []any{int64(1), 2.5}))
	g.maybe(s, 0.05, "maxLength", int64(3))
	g.maybe(s, 0.05, "description", "d")
	g.maybe(s, 0.05, "required", []any{"a"})
	g.maybe(s, 0.05, "x-kubernetes-mutability", g.pick("Immutable", "AddOnly", "Nope"))
	g.maybe(s, 0.05, "x-kubernetes-key-mutability", g.pick("Immutable", "RemoveOnly"))
	if g.chance(0.1) {
		s["x-kubernetes-validations"] = []any{g.rule()}
	}
	g.valueKeywords(s)
}

func (g *crdGen) extensions(s map[string]any) {
	g.maybe(s, 0.08, "x-kubernetes-preserve-unknown-fields", g.pick(true, true, false))
	if g.chance(0.05) {
		s["x-kubernetes-int-or-string"] = true
		if g.chance(0.5) {
			s["anyOf"] = []any{map[string]any{"type": "integer"}, map[string]any{"type": "string"}}
		}
		g.maybe(s, 0.5, "default", g.pick(scalars...))
	}
}

func (g *crdGen) junctors(s map[string]any, depth int) {
	key := g.pick("allOf", "anyOf", "oneOf", "not").(string)
	nested := g.schema(depth + 1)
	if g.chance(0.6) {
		delete(nested, "type")
	}
	if key == "not" {
		s[key] = nested
		return
	}
	s[key] = []any{nested}
}

func (g *crdGen) unsupported(s map[string]any) {
	key := g.pick("id", "$schema", "$ref", "patternProperties", "definitions", "dependencies", "additionalItems").(string)
	switch key {
	case "patternProperties", "definitions":
		s[key] = map[string]any{"x": map[string]any{"type": "string"}}
	case "dependencies":
		s[key] = map[string]any{"x": []any{"y1"}}
	case "additionalItems":
		s[key] = false
	default:
		s[key] = "x"
	}
}

func (g *crdGen) rule() map[string]any {
	rule := map[string]any{"rule": g.pick("true", " ", "self == oldSelf", "a >\n b", "size(self) > 0")}
	g.maybe(rule, 0.2, "message", g.pick("m", " ", "a\nb"))
	g.maybe(rule, 0.1, "messageExpression", g.pick("'m'", " "))
	g.maybe(rule, 0.1, "reason", g.pick("FieldValueInvalid", "Bad"))
	g.maybe(rule, 0.2, "fieldPath", g.pick(".a", ".b", " ", ".a\n", ".a['x']", "a"))
	return rule
}

func (g *crdGen) value(depth int) any {
	switch g.r.Intn(6) {
	case 0:
		return "x"
	case 1:
		return int64(g.r.Intn(5))
	case 2:
		return true
	case 3:
		if depth < 3 {
			return []any{g.value(depth + 1)}
		}
		return 1.5
	default:
		obj := map[string]any{}
		if depth < 3 {
			for i := g.r.Intn(3); i > 0; i-- {
				obj[g.pick(propertyNames...).(string)] = g.value(depth + 1)
			}
		}
		return obj
	}
}

func (g *crdGen) maybe(s map[string]any, p float64, key string, value any) {
	if g.chance(p) {
		s[key] = value
	}
}
