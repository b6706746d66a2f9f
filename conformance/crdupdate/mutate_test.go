package crdupdate

import (
	"fmt"
	"math/rand"
	"slices"
	"sort"
)

// mutator changes CRD documents (apiextensions.k8s.io/v1, unstructured) at
// random, in place.
type mutator struct {
	r *rand.Rand
}

// change is one kind of random change; it returns what it did, or "" when
// the CRD offers no place for it.
type change func(m *mutator, crd map[string]any) string

// changes are the kinds of change, valid or not, that an update may bring.
var changes = []change{
	(*mutator).removeVersion, (*mutator).switchStorage, (*mutator).addVersion,
	(*mutator).dropField, (*mutator).addRequired, (*mutator).narrowEnum,
	(*mutator).tightenBound, (*mutator).changeType, (*mutator).addRule,
	(*mutator).changeRule, (*mutator).invalidType, (*mutator).nonAtomicSet,
	(*mutator).mapKeyOptional, (*mutator).unprunedDefault, (*mutator).changeNames,
	(*mutator).expensiveRule, (*mutator).nullableSetItems,
}

// invalidChanges are the changes that make a CRD invalid on create; an old
// CRD that has them tests the ratcheting of CRD validation.
var invalidChanges = []change{
	(*mutator).invalidType, (*mutator).nonAtomicSet, (*mutator).mapKeyOptional,
	(*mutator).unprunedDefault, (*mutator).expensiveRule, (*mutator).nullableSetItems,
	(*mutator).brokenRule,
}

func (m *mutator) apply(list []change, crd map[string]any) string {
	for tries := 0; tries < 10; tries++ {
		if what := list[m.r.Intn(len(list))](m, crd); what != "" {
			return what
		}
	}
	return ""
}

func versions(crd map[string]any) []any {
	spec, _ := crd["spec"].(map[string]any)
	list, _ := spec["versions"].([]any)
	return list
}

func setVersions(crd map[string]any, list []any) {
	crd["spec"].(map[string]any)["versions"] = list
}

func (m *mutator) removeVersion(crd map[string]any) string {
	list := versions(crd)
	if len(list) < 2 {
		return ""
	}
	i := m.r.Intn(len(list))
	name := list[i].(map[string]any)["name"]
	setVersions(crd, slices.Delete(slices.Clone(list), i, i+1))
	return fmt.Sprintf("remove version %v", name)
}

func (m *mutator) switchStorage(crd map[string]any) string {
	list := versions(crd)
	if len(list) < 2 {
		return ""
	}
	to := m.r.Intn(len(list))
	for i, v := range list {
		v.(map[string]any)["storage"] = i == to
	}
	return fmt.Sprintf("storage version %v", list[to].(map[string]any)["name"])
}

func (m *mutator) addVersion(crd map[string]any) string {
	list := versions(crd)
	if len(list) == 0 {
		return ""
	}
	v := copyMap(list[0].(map[string]any))
	v["name"], v["storage"] = "v9", false
	if m.r.Intn(3) == 0 {
		delete(v, "schema") // a version without a schema
	}
	setVersions(crd, append(slices.Clone(list), v))
	return "add version v9"
}

func (m *mutator) changeNames(crd map[string]any) string {
	spec := crd["spec"].(map[string]any)
	names := spec["names"].(map[string]any)
	switch m.r.Intn(4) {
	case 0:
		spec["scope"] = pick(m.r, "Namespaced", "Cluster")
		return "scope"
	case 1:
		names["kind"] = "Changed"
		return "kind"
	case 2:
		spec["group"] = "changed.example.com"
		return "group"
	}
	names["plural"] = "changeds"
	return "plural"
}

func pick(r *rand.Rand, options ...string) string { return options[r.Intn(len(options))] }

func copyMap(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// node is a schema node of a CRD with the way to it.
type node struct {
	schema map[string]any
	parent map[string]any // the object schema holding it as a property; nil otherwise
	name   string         // its property name
}

// nodes lists the schema nodes of one random version reached through
// properties, items and additionalProperties, in a stable order.
func (m *mutator) nodes(crd map[string]any) []node {
	list := versions(crd)
	if len(list) == 0 {
		return nil
	}
	v := list[m.r.Intn(len(list))].(map[string]any)
	holder, _ := v["schema"].(map[string]any)
	root, _ := holder["openAPIV3Schema"].(map[string]any)
	var out []node
	var walk func(n node)
	walk = func(n node) {
		if n.schema == nil {
			return
		}
		out = append(out, n)
		props, _ := n.schema["properties"].(map[string]any)
		keys := make([]string, 0, len(props))
		for k := range props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			child, _ := props[k].(map[string]any)
			walk(node{schema: child, parent: n.schema, name: k})
		}
		items, _ := n.schema["items"].(map[string]any)
		walk(node{schema: items})
		ap, _ := n.schema["additionalProperties"].(map[string]any)
		walk(node{schema: ap})
	}
	walk(node{schema: root})
	return out
}

// pickNode picks a node for which ok holds; false when there is none.
func (m *mutator) pickNode(crd map[string]any, ok func(node) bool) (node, bool) {
	var fit []node
	for _, n := range m.nodes(crd) {
		if ok(n) {
			fit = append(fit, n)
		}
	}
	if len(fit) == 0 {
		return node{}, false
	}
	return fit[m.r.Intn(len(fit))], true
}

func isType(t string) func(node) bool {
	return func(n node) bool { return n.schema["type"] == t }
}
