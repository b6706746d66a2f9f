package defaults

import (
	"github.com/kval-dev/kval/internal/jsonvalue"

	"github.com/kval-dev/kval/schema"
)

// Defaulter applies the defaults of one schema. It is safe for concurrent use.
type Defaulter struct {
	root *node
}

// node is the defaulting view of one schema node.
type node struct {
	nullable   bool
	def        any // served default; nil when there is none
	props      map[string]*node
	additional *node // additionalProperties' schema; nil when absent or a boolean
	items      *node
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
}

func (b *builder) build(s *schema.Schema, at focus) *node {
	if s == nil {
		return nil
	}
	n := &node{nullable: s.Nullable}
	if s.Default != nil {
		n.def = jsonvalue.DeepCopy(s.Default)
		if !b.unpruned {
			n.def = servedDefault(b.root, at, n.def)
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
	return n
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
