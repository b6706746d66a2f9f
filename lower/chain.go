package lower

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// linkKind is how a schema node is reached from its parent.
type linkKind uint8

const (
	atRoot linkKind = iota
	asProperty
	asItems
	asValues // additionalProperties
)

// link is one node of the walk from a version's root schema down: the
// schema, its object in the CRD document (where generated rules go), and
// its path in the CRD, for reports.
type link struct {
	kind linkKind
	name string // property name
	s    *schema.Schema
	doc  map[string]any
	path *field.Path
	// pointer is the node's JSON Pointer tokens below openAPIV3Schema.
	pointer []string
}

// chain is the walk from the root (first) to a node (last).
type chain []link

func (c chain) last() link { return c[len(c)-1] }

// parent is the chain of the last node's parent.
func (c chain) parent() chain { return c[:len(c)-1] }

// child extends the chain by one step; doc is nil when the document lacks
// the node (it cannot, for a CRD that decoded).
func (c chain) child(kind linkKind, name string, s *schema.Schema) chain {
	n := c.last()
	next := link{kind: kind, name: name, s: s}
	switch kind {
	case asProperty:
		props, _ := n.doc["properties"].(map[string]any)
		next.doc, _ = props[name].(map[string]any)
		next.path = n.path.Child("properties").Key(name)
		next.pointer = append(clip(n.pointer), "properties", name)
	case asItems:
		next.doc, _ = n.doc["items"].(map[string]any)
		next.path = n.path.Child("items")
		next.pointer = append(clip(n.pointer), "items")
	case asValues:
		next.doc, _ = n.doc["additionalProperties"].(map[string]any)
		next.path = n.path.Child("additionalProperties")
		next.pointer = append(clip(n.pointer), "additionalProperties")
	}
	return append(clip(c), next)
}

func clip[T any](s []T) []T { return s[:len(s):len(s)] }

// correlated reports whether kube-apiserver correlates the old value of the
// node reached by l from its parent: object fields and map values by name,
// items of list-type map lists by their keys, never the items of other
// lists (celrules' correlation, schema's Uncorrelatable).
func correlated(parent *schema.Schema, l link) bool {
	return l.kind != asItems || parent.IsMapList()
}

// children lists the structural children of the last node, properties in
// name order.
func (c chain) children() []chain {
	s := c.last().s
	var out []chain
	for _, name := range sortedNames(s.Properties) {
		out = append(out, c.child(asProperty, name, s.Properties[name]))
	}
	if s.Items != nil {
		out = append(out, c.child(asItems, "", s.Items))
	}
	if v := s.AdditionalPropertiesSchema(); v != nil {
		out = append(out, c.child(asValues, "", v))
	}
	return out
}
