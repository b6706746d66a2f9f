package mutability

import (
	"sort"

	"github.com/kval-dev/kval/schema"
)

// Checker enforces the mutability extensions of one schema on updates. It is
// safe for concurrent use. A nil *Checker checks nothing.
type Checker struct {
	root *node
}

// node is the part of a schema node that matters for mutability; nodes exist
// only where an extension is set at or below them.
type node struct {
	mutability    schema.Mutability // "" when unset
	keyMutability schema.Mutability
	props         []property // sorted by name
	items         *node      // nil when nothing below items matters
	additional    *node
	list          listKind
	mapKeys       []string // x-kubernetes-list-map-keys of a map list
	isArray       bool
	isMap         bool
}

type property struct {
	name string
	node *node
}

// Compile prepares the checks of a resource's schema. It returns nil when the
// schema uses neither extension, so that updates of such resources cost
// nothing.
func Compile(s *schema.Schema) *Checker {
	root := compileNode(s)
	if root == nil {
		return nil
	}
	return &Checker{root: root}
}

func compileNode(s *schema.Schema) *node {
	if s == nil {
		return nil
	}
	n := &node{
		isArray: s.Type == "array",
		isMap:   s.AdditionalProperties != nil && len(s.Properties) == 0,
		list:    listKindOf(s),
		mapKeys: s.ListMapKeys,
	}
	if s.Mutability != nil {
		n.mutability = *s.Mutability
	}
	if s.KeyMutability != nil {
		n.keyMutability = *s.KeyMutability
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if child := compileNode(s.Properties[name]); child != nil {
			n.props = append(n.props, property{name: name, node: child})
		}
	}
	n.items = compileNode(s.Items)
	n.additional = compileNode(s.AdditionalPropertiesSchema())
	if n.mutability == "" && n.keyMutability == "" && len(n.props) == 0 && n.items == nil && n.additional == nil {
		return nil
	}
	return n
}

// listKind is how the items of a list are identified.
type listKind uint8

const (
	byIndex   listKind = iota // list type atomic or unset
	byMapKeys                 // list type map
	byValue                   // list type set
)

func listKindOf(s *schema.Schema) listKind {
	switch {
	case s.IsMapList():
		return byMapKeys
	case s.IsSetList():
		return byValue
	}
	return byIndex
}
