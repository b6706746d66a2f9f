package defaults

import (
	"github.com/kval-dev/kval/schema"
)

// Defaulter applies the defaults of one schema. It is safe for concurrent use.
type Defaulter struct {
	root *node
}

// node is the defaulting view of one schema node.
type node struct {
	nullable bool
	// def is the node's default: nil when there is none, else served on
	// first use (lazy.go).
	def        *lazyDefault
	props      map[string]*node
	additional *node // additionalProperties' schema; nil when absent or a boolean
	items      *node

	// Defaulting visits only what can change: the properties that have
	// a default, and the properties, additionalProperties and items with
	// a default at or below them (withDefaultsBelow). A Gateway API route
	// has defaults on a few of its hundreds of schema nodes; walking all
	// of an object for them was a sixth of kval serve's CPU per request
	// (issue 30). pruneNulls still walks every node: any may drop a null.
	defaulted     []namedNode
	descend       []namedNode
	defaultsBelow bool
}

type namedNode struct {
	name string
	node *node
}

// Compile prepares the defaults of a resource's schema (its root is a resource root).
func Compile(s *schema.Schema) *Defaulter {
	if s == nil {
		return &Defaulter{}
	}
	b := builder{root: s}
	return &Defaulter{root: b.build(s, rootFocus)}
}

type builder struct {
	root     *schema.Schema
	unpruned bool
	// eager serves every default at once and keeps none of those that
	// serve as nothing, as before lazy.go: the reference its tests
	// compare with.
	eager bool
}

func (b *builder) build(s *schema.Schema, at focus) *node {
	if s == nil {
		return nil
	}
	n := &node{nullable: s.Nullable}
	if s.Default != nil {
		n.def = b.lazyDefault(s.Default, at)
		if b.eager && n.def.served() == nil {
			n.def = nil
		}
	}
	if len(s.Properties) > 0 {
		n.props = make(map[string]*node, len(s.Properties))
		for name, prop := range s.Properties {
			n.props[name] = b.build(prop, at.child(name))
		}
	}
	n.additional = b.build(s.AdditionalPropertiesSchema(), at.child("*"))
	n.items = b.build(s.Items, at.index())
	n.planDefaulting()
	return n
}

// planDefaulting fills defaulted, descend and defaultsBelow from the
// node's children, which are planned already.
func (n *node) planDefaulting() {
	for name, prop := range n.props {
		if prop.def != nil {
			n.defaulted = append(n.defaulted, namedNode{name, prop})
		}
		if prop.withDefaultsBelow() {
			n.descend = append(n.descend, namedNode{name, prop})
		}
	}
	n.defaultsBelow = len(n.descend) > 0 || n.additional.withDefaultsBelow() || n.items.withDefaultsBelow()
}

// withDefaultsBelow reports whether the node has a default, or any node
// below it does: otherwise defaulting leaves its values as they are. A
// default that serves as nothing (servedDefault) counts, but is never set.
func (n *node) withDefaultsBelow() bool {
	return n != nil && (n.def != nil || n.defaultsBelow)
}

// CompileUnpruned prepares the defaults of a schema as written, for CRDs
// whose objects kube-apiserver does not prune.
func CompileUnpruned(s *schema.Schema) *Defaulter {
	if s == nil {
		return &Defaulter{}
	}
	b := builder{root: s, unpruned: true}
	return &Defaulter{root: b.build(s, rootFocus)}
}
