package main

import (
	"maps"
	"slices"
)

// cutCycles breaks the recursion of recursive definitions (apiextensions'
// JSONSchemaProps, whose properties are JSONSchemaProps): kval's schemas
// are trees, walked to the bottom when compiled. Every reference from a
// definition to one of the same cycle (strongly connected component of the
// reference graph) is replaced by a node that keeps unknown fields, of the
// referenced type: the outermost level is validated, what nests inside is
// accepted as written. The cut depends only on the graph, not on where a
// walk starts, so a definition is the same wherever it is used.
func cutCycles(defs map[string]map[string]any) {
	component := components(defs)
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		walk(defs[name], func(node map[string]any) {
			ref, isRef := node["$ref"].(string)
			if !isRef || component[ref] != component[name] {
				return
			}
			delete(node, "$ref")
			if t, ok := defs[ref]["type"]; ok {
				node["type"] = t
			}
			node["x-kubernetes-preserve-unknown-fields"] = true
		})
	}
}

// components numbers the strongly connected components of the reference
// graph (Tarjan's algorithm). A definition on no cycle has a component of
// its own, so a reference within one component is always part of a cycle
// (a self-reference for a component of one).
func components(defs map[string]map[string]any) map[string]int {
	t := &tarjan{defs: defs, index: map[string]int{}, low: map[string]int{}, onStack: map[string]bool{}, component: map[string]int{}}
	for _, name := range slices.Sorted(maps.Keys(defs)) {
		if _, seen := t.index[name]; !seen {
			t.visit(name)
		}
	}
	return t.component
}

type tarjan struct {
	defs      map[string]map[string]any
	next      int
	index     map[string]int
	low       map[string]int
	stack     []string
	onStack   map[string]bool
	component map[string]int
	count     int
}

func (t *tarjan) visit(name string) {
	t.index[name], t.low[name] = t.next, t.next
	t.next++
	t.stack = append(t.stack, name)
	t.onStack[name] = true
	for _, ref := range refsOf(t.defs[name]) {
		if _, seen := t.index[ref]; !seen {
			t.visit(ref)
			t.low[name] = min(t.low[name], t.low[ref])
		} else if t.onStack[ref] {
			t.low[name] = min(t.low[name], t.index[ref])
		}
	}
	if t.low[name] != t.index[name] {
		return
	}
	id := t.count
	t.count++
	for {
		top := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.onStack[top] = false
		t.component[top] = id
		if top == name {
			return
		}
	}
}

// refsOf lists the definitions a definition refers to, sorted.
func refsOf(def map[string]any) []string {
	seen := map[string]bool{}
	walk(def, func(node map[string]any) {
		if ref, ok := node["$ref"].(string); ok {
			seen[ref] = true
		}
	})
	return slices.Sorted(maps.Keys(seen))
}
