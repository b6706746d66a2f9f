package e2e

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// The built-in differential's generator (builtindiff_test.go): valid
// objects of each kind, and mutations of them, deterministic for a seed.

// diffNamespace holds the differential's namespaced objects, but for
// policyNamespace's.
const diffNamespace = "kval-builtin-diff"

// policyNamespace holds the objects that would change what kube-apiserver
// admits in their namespace (quotas, limit ranges), apart from the others.
const policyNamespace = "kval-builtin-diff-policy"

// diffCase is one request of the differential: a create of Object, or an
// update of Old (created for real first) to Object, as `kubectl apply`.
type diffCase struct {
	kind     *diffKind
	update   bool
	mutation string
	old, obj map[string]any
}

// mutation changes a valid object, into an invalid one or into another
// valid one.
type mutation struct {
	name  string
	apply func(g *gen, obj map[string]any)
	// before, on an update, changes the old and the new object alike
	// before apply changes the new one.
	before func(obj map[string]any)
}

// diffKind is a built-in kind the generator makes objects of.
type diffKind struct {
	gvk        schema.GroupVersionKind
	resource   string
	namespaced bool
	// namespace holds the kind's objects: diffNamespace when empty.
	namespace string
	valid     func(g *gen) map[string]any
	// mutations are the kind's own, on create and on update; updates are
	// those of updates only (immutable fields, changes that stay valid).
	mutations, updates []mutation
}

// ns is the namespace of the kind's objects.
func (k *diffKind) ns() string {
	if k.namespace != "" {
		return k.namespace
	}
	return diffNamespace
}

func (k *diffKind) gvr() schema.GroupVersionResource {
	return k.gvk.GroupVersion().WithResource(k.resource)
}

// gen draws objects and mutations from a seeded source.
type gen struct {
	r *rand.Rand
	n int
}

func newGen(seed uint64) *gen { return &gen{r: rand.New(rand.NewPCG(seed, 0x6b76616c))} }

func (g *gen) intn(n int) int          { return g.r.IntN(n) }
func (g *gen) coin() bool              { return g.r.IntN(2) == 0 }
func (g *gen) pick(s ...string) string { return s[g.r.IntN(len(s))] }

// cases draws n cases, a third of them updates, cycling through the kinds.
func (g *gen) cases(kinds []*diffKind, n int) []diffCase {
	out := make([]diffCase, 0, n)
	for i := range n {
		out = append(out, g.draw(kinds[i%len(kinds)], g.intn(3) == 0))
	}
	return out
}

// draw is one case of kind k: a valid object (one in five), or one with a
// mutation, its own kind's or a generic one.
func (g *gen) draw(k *diffKind, update bool) diffCase {
	g.n++
	c := diffCase{kind: k, update: update, mutation: "none", obj: g.object(k, update)}
	if update {
		c.old = deepCopy(c.obj)
	}
	if g.intn(5) == 0 {
		return c
	}
	m := g.mutationOf(k, update)
	c.mutation = m.name
	if m.before != nil && update {
		m.before(c.old)
		m.before(c.obj)
	}
	m.apply(g, c.obj)
	return c
}

// object is a valid object of kind k with a name of its own.
func (g *gen) object(k *diffKind, update bool) map[string]any {
	obj := k.valid(g)
	obj["apiVersion"] = k.gvk.GroupVersion().String()
	obj["kind"] = k.gvk.Kind
	prefix := "c"
	if update {
		prefix = "u"
	}
	meta := map[string]any{"name": fmt.Sprintf("kval-diff-%s%d", prefix, g.n)}
	if k.namespaced {
		meta["namespace"] = k.ns()
	}
	if g.coin() {
		meta["labels"] = map[string]any{"app.kubernetes.io/name": g.pick("web", "db", "x-1"), "tier": g.pick("a", "b")}
	}
	obj["metadata"] = meta
	return obj
}

func (g *gen) mutationOf(k *diffKind, update bool) mutation {
	var pool []mutation
	for _, m := range k.mutations {
		// an update that changes the name is of another object
		if !update || !strings.HasPrefix(m.name, "name ") {
			pool = append(pool, m)
		}
	}
	if update {
		pool = append(pool, k.updates...)
		pool = append(pool, k.updates...)
		pool = append(pool, metadataUpdates...)
	} else {
		pool = append(pool, metadataCreates...)
	}
	pool = append(pool, metadataMutations...)
	return pool[g.intn(len(pool))]
}

// metadataMutations are mutations of any kind's metadata.
var metadataMutations = []mutation{
	{name: "label key invalid", apply: func(g *gen, o map[string]any) {
		setAt(o, "x", "metadata", "labels", g.pick("bad key", "a/b/c", "-x", strings.Repeat("k", 64), "example.com/ok"))
	}},
	{name: "label value invalid", apply: func(g *gen, o map[string]any) {
		setAt(o, g.pick("-x", "a b", strings.Repeat("v", 64), "ok_1"), "metadata", "labels", "tier")
	}},
	{name: "annotation key invalid", apply: func(g *gen, o map[string]any) {
		setAt(o, "x", "metadata", "annotations", g.pick("bad key", "a/b/c", "ok.example.com/x", "_x"))
	}},
	{name: "finalizer invalid", apply: func(g *gen, o map[string]any) {
		setAt(o, []any{g.pick("bad finalizer", "example.com/ok", "a/b/c", "kubernetes")}, "metadata", "finalizers")
	}},
	{name: "labels of the wrong type", apply: func(g *gen, o map[string]any) {
		setAt(o, g.pickAny([]any{"a"}, "app=web", map[string]any{"app": int64(1)}, map[string]any{"app": true}), "metadata", "labels")
	}},
	{name: "annotations of the wrong type", apply: func(g *gen, o map[string]any) {
		setAt(o, g.pickAny([]any{"a"}, map[string]any{"note": int64(1)}, map[string]any{"note": map[string]any{}}), "metadata", "annotations")
	}},
	{name: "a field of the wrong type", apply: func(g *gen, o map[string]any) {
		for _, key := range []string{"spec", "data", "rules", "webhooks", "subjects", "roleRef", "endpoints", "value", "handler", "provisioner"} {
			if _, ok := o[key]; ok {
				o[key] = g.pickAny("text", []any{"a"}, int64(7), true, map[string]any{"x": "y"})
				return
			}
		}
	}},
	{name: "ownerReference incomplete", apply: func(g *gen, o map[string]any) {
		ref := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "owner", "uid": "6b0c3a5e-0000-4000-8000-000000000001"}
		delete(ref, g.pick("apiVersion", "kind", "name", "uid", "none"))
		setAt(o, []any{ref}, "metadata", "ownerReferences")
	}},
}

// metadataCreates are mutations of a name: creates only (an update
// changing the name is another object).
var metadataCreates = []mutation{
	{name: "name invalid", apply: func(g *gen, o map[string]any) {
		setAt(o, g.pick("Bad_Name", "a:b", "a.b", "-a", "a..b", strings.Repeat("n", 64), strings.Repeat("n", 254), "UPPER"), "metadata", "name")
	}},
	{name: "name missing", apply: func(g *gen, o map[string]any) {
		delete(mapAt(o, "metadata"), "name")
		if g.coin() {
			setAt(o, g.pick("gen-", "Gen_", "a:"), "metadata", "generateName")
		}
	}},
}

// metadataUpdates are valid changes of metadata.
var metadataUpdates = []mutation{
	{name: "labels changed", apply: func(g *gen, o map[string]any) {
		setAt(o, g.pick("c", "d", ""), "metadata", "labels", "tier")
	}},
	{name: "annotation added", apply: func(g *gen, o map[string]any) {
		setAt(o, "v", "metadata", "annotations", "example.com/changed")
	}},
}

// mapAt is the map at path in obj, made where missing.
func mapAt(obj map[string]any, path ...string) map[string]any {
	for _, key := range path {
		next, ok := obj[key].(map[string]any)
		if !ok {
			next = map[string]any{}
			obj[key] = next
		}
		obj = next
	}
	return obj
}

// setAt sets the value at path in obj, making the maps along it.
func setAt(obj map[string]any, value any, path ...string) {
	mapAt(obj, path[:len(path)-1]...)[path[len(path)-1]] = value
}

func deepCopy(obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = deepCopyValue(v)
	}
	return out
}

func deepCopyValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		return deepCopy(v)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = deepCopyValue(e)
		}
		return out
	}
	return v
}
