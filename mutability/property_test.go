package mutability

import (
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// The property tests draw old and new values from small domains, so that
// equal values, shared keys, reorderings and duplicates are frequent, and
// compare the checker's verdict with a brute-force reference written from
// the seed's words.

const rounds = 3000

// small builds random values from tiny domains.
type small struct{ rnd *rand.Rand }

func (g small) pick(options ...any) any { return options[g.rnd.Intn(len(options))] }
func (g small) str() any                { return g.pick("a", "b", "c") }

func (g small) item() any {
	item := map[string]any{"k": g.str()}
	if g.rnd.Intn(2) == 0 {
		item["v"] = g.pick(int64(1), int64(2))
	}
	return item
}

func (g small) list(elem func() any) any {
	list := make([]any, g.rnd.Intn(4))
	for i := range list {
		list[i] = elem()
	}
	return list
}

func (g small) stringMap() any {
	m := map[string]any{}
	for i := g.rnd.Intn(4); i > 0; i-- {
		m[g.str().(string)] = g.pick("1", "2")
	}
	return m
}

// deep builds a nested value: any change below must count.
func (g small) deep() any {
	return map[string]any{
		"s":    g.str(),
		"list": g.list(g.item),
		"m":    g.stringMap(),
	}
}

// object wraps a value as field foo of the root, or leaves foo out.
func (g small) object(value func() any) map[string]any {
	if g.rnd.Intn(4) == 0 {
		return map[string]any{}
	}
	return map[string]any{"foo": value()}
}

const deepSchema = `{type: object, properties: {foo: {type: object, x-kubernetes-mutability: %s, properties: {
  s: {type: string},
  list: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], items: {type: object, properties: {k: {type: string}, v: {type: integer}}}},
  m: {type: object, additionalProperties: {type: string}}}}}}`

// TestFieldMutabilityProperty: under each value of x-kubernetes-mutability on
// a field, the verdict is the seed's: any change of the value anywhere below
// is rejected, adding is allowed only under AddOnly, removing only under
// RemoveOnly, and nothing else is rejected.
func TestFieldMutabilityProperty(t *testing.T) {
	for _, m := range all {
		c := Compile(mustSchema(t, fmt.Sprintf(deepSchema, m)))
		g := small{rand.New(rand.NewSource(int64(len(m))))}
		for range rounds {
			old, new := g.object(g.deep), g.object(g.deep)
			if g.rnd.Intn(3) == 0 {
				new = deepCopy(old) // unchanged updates are common
			}
			want := fieldVerdict(m, old, new)
			got := len(c.Check(nil, new, old)) == 0
			if got != want {
				t.Fatalf("%s: %v -> %v: accepted %v, want %v", m, old, new, got, want)
			}
		}
	}
}

// TestFieldMutabilityThroughParentProperty: the same verdicts hold for a
// field below an optional parent, which updates add and remove: a missing
// parent is a missing field.
func TestFieldMutabilityThroughParentProperty(t *testing.T) {
	for _, m := range all {
		c := Compile(mustSchema(t, `{type: object, properties: {spec: `+fmt.Sprintf(deepSchema, m)+`}}`))
		g := small{rand.New(rand.NewSource(int64(len(m)) + 7))}
		wrap := func(inner map[string]any) map[string]any {
			if g.rnd.Intn(3) == 0 {
				return map[string]any{}
			}
			return map[string]any{"spec": inner}
		}
		for range rounds {
			old, new := wrap(g.object(g.deep)), wrap(g.object(g.deep))
			want := fieldVerdict(m, specOf(old), specOf(new))
			got := len(c.Check(nil, new, old)) == 0
			if got != want {
				t.Fatalf("%s: %v -> %v: accepted %v, want %v", m, old, new, got, want)
			}
		}
	}
}

func specOf(obj map[string]any) map[string]any {
	spec, _ := obj["spec"].(map[string]any)
	return spec
}

func fieldVerdict(m schema.Mutability, old, new map[string]any) bool {
	ov, hasOld := old["foo"]
	nv, hasNew := new["foo"]
	switch {
	case !hasOld && !hasNew:
		return true
	case !hasOld:
		return m == schema.AddOnly
	case !hasNew:
		return m == schema.RemoveOnly
	}
	return reflect.DeepEqual(ov, nv)
}

// collection is one kind of list or map with its keys as the seed defines them.
type collection struct {
	name   string
	schema string // %s is where the extension goes
	value  func(g small) any
	keys   func(v any) []string
	// items: for x-kubernetes-mutability on items/values, the value of each key.
	itemOf func(v any, key string) any
	// unchanged, when set, decides whether the items of a key are
	// unchanged (itemOf compares one item per key).
	unchanged func(old, new any, key string) bool
}

var collections = []collection{{
	name:   "list type atomic, keyed by index",
	schema: `{type: object, properties: {foo: {type: array, %s, items: {type: object, properties: {k: {type: string}, v: {type: integer}} %s}}}}`,
	value:  func(g small) any { return g.list(g.item) },
	keys: func(v any) []string {
		var out []string
		for i := range asList(v) {
			out = append(out, fmt.Sprint(i))
		}
		return out
	},
	itemOf: func(v any, key string) any {
		for i, item := range asList(v) {
			if fmt.Sprint(i) == key {
				return item
			}
		}
		return nil
	},
}, {
	name: "list type map, keyed by k",
	schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], %s,
	          items: {type: object, properties: {k: {type: string}, v: {type: integer}} %s}}}}`,
	value: func(g small) any { return g.list(g.item) },
	keys: func(v any) []string {
		var out []string
		for _, item := range asList(v) {
			out = append(out, item.(map[string]any)["k"].(string))
		}
		return out
	},
	itemOf: func(v any, key string) any {
		for _, item := range asList(v) {
			if item.(map[string]any)["k"] == key {
				return item // the first item with the key
			}
		}
		return nil
	},
	unchanged: func(old, new any, key string) bool {
		// Duplicate keys (kube-apiserver lets them through when the old
		// object had list-type errors): the nth new item with a key is
		// compared with the nth old one, or the first when there are fewer.
		olds, news := withKey(old, key), withKey(new, key)
		for i, item := range news {
			paired := olds[0]
			if i < len(olds) {
				paired = olds[i]
			}
			if !reflect.DeepEqual(item, paired) {
				return false
			}
		}
		return true
	},
}, {
	name:   "list type set, keyed by value",
	schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: set, %s, items: {type: string %s}}}}`,
	value:  func(g small) any { return g.list(g.str) },
	keys: func(v any) []string {
		var out []string
		for _, item := range asList(v) {
			out = append(out, item.(string))
		}
		return out
	},
	itemOf: func(v any, key string) any { return key },
}, {
	name:   "map, keyed by key",
	schema: `{type: object, properties: {foo: {type: object, %s, additionalProperties: {type: string %s}}}}`,
	value:  func(g small) any { return g.stringMap() },
	keys: func(v any) []string {
		m, _ := v.(map[string]any)
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	},
	itemOf: func(v any, key string) any { return v.(map[string]any)[key] },
}}

// TestKeyMutabilityProperty: under x-kubernetes-key-mutability the verdict
// depends only on the keys added and removed.
func TestKeyMutabilityProperty(t *testing.T) {
	for _, col := range collections {
		for _, m := range all {
			c := Compile(mustSchema(t, fmt.Sprintf(col.schema, "x-kubernetes-key-mutability: "+string(m), "")))
			g := small{rand.New(rand.NewSource(int64(len(col.name) + len(m))))}
			for range rounds {
				old, new := g.object(func() any { return col.value(g) }), g.object(func() any { return col.value(g) })
				addedKeys, removedKeys := keyChanges(col.keys(old["foo"]), col.keys(new["foo"]))
				want := (len(addedKeys) == 0 || m == schema.AddOnly) && (len(removedKeys) == 0 || m == schema.RemoveOnly)
				got := len(c.Check(nil, new, old)) == 0
				if got != want {
					t.Fatalf("%s, %s: %v -> %v: accepted %v, want %v", col.name, m, old, new, got, want)
				}
			}
		}
	}
}

// TestItemMutabilityProperty: under x-kubernetes-mutability: Immutable on the
// items (or values), keys may come and go, but the value of a key present in
// both may not change.
func TestItemMutabilityProperty(t *testing.T) {
	for _, col := range collections {
		c := Compile(mustSchema(t, fmt.Sprintf(col.schema, "description: no key mutability", ", x-kubernetes-mutability: Immutable")))
		g := small{rand.New(rand.NewSource(int64(len(col.name))))}
		for range rounds {
			old, new := g.object(func() any { return col.value(g) }), g.object(func() any { return col.value(g) })
			want := true
			for _, k := range sharedKeys(col.keys(old["foo"]), col.keys(new["foo"])) {
				if !col.same(old["foo"], new["foo"], k) {
					want = false
				}
			}
			got := len(c.Check(nil, new, old)) == 0
			if got != want {
				t.Fatalf("%s: %v -> %v: accepted %v, want %v", col.name, old, new, got, want)
			}
		}
	}
}

func keyChanges(oldKeys, newKeys []string) (added, removed []string) {
	oldSet, newSet := toSet(oldKeys), toSet(newKeys)
	for k := range newSet {
		if !oldSet[k] {
			added = append(added, k)
		}
	}
	for k := range oldSet {
		if !newSet[k] {
			removed = append(removed, k)
		}
	}
	return added, removed
}

func sharedKeys(a, b []string) []string {
	bs := toSet(b)
	var out []string
	for k := range toSet(a) {
		if bs[k] {
			out = append(out, k)
		}
	}
	return out
}

func toSet(keys []string) map[string]bool {
	out := map[string]bool{}
	for _, k := range keys {
		out[k] = true
	}
	return out
}

func asList(v any) []any {
	list, _ := v.([]any)
	return list
}

func deepCopy(m map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = copyValue(v)
	}
	return out
}

func copyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return deepCopy(v)
	case []any:
		out := make([]any, len(v))
		for i := range v {
			out[i] = copyValue(v[i])
		}
		return out
	}
	return v
}

// same reports whether the items of key are unchanged, by unchanged or, by
// default, by comparing itemOf.
func (c collection) same(old, new any, key string) bool {
	if c.unchanged != nil {
		return c.unchanged(old, new, key)
	}
	return reflect.DeepEqual(c.itemOf(old, key), c.itemOf(new, key))
}

// withKey are the items of a list map with key k.
func withKey(v any, key string) []any {
	var out []any
	for _, item := range asList(v) {
		if item.(map[string]any)["k"] == key {
			out = append(out, item)
		}
	}
	return out
}
