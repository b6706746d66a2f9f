package gen

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// node is a type in the graph the generator walks: what its own tags ask
// for and how to reach the values inside it. Validations belong to the type,
// not to a particular use of it.
type node struct {
	// t is never a pointer.
	t types.Type
	// fn is the type's validation function, for named types of the packages
	// being generated (or read-only packages).
	fn code.Ref
	// referenced says another type uses this one (as a field, element, key
	// or underlying type).
	referenced bool
	// fields are a struct's exported fields.
	fields []*child
	// key and elem are a map's key and a map's or slice's element.
	key, elem *child
	// underlying is a typedef's underlying type.
	underlying *child
	// checks are the type's own validations; keyIter and valIter call the
	// key and element types' validation functions on each key and element
	// of a list or map typedef.
	checks, keyIter, valIter validators.Result
	// unsupported explains why the generator cannot validate inside this
	// type (e.g. a map of maps), if so.
	unsupported string
	pos         tags.Pos
}

// child is a use of a type inside another: a struct field, a list or map
// element, a map key, a typedef's underlying type.
type child struct {
	member *validators.Member // struct fields only
	t      types.Type         // the declared type, maybe a pointer
	node   *node              // nil for types of packages not generated
	path   string
	// checks are the validations written on the field; keyIter and valIter
	// call element and key types' validation functions.
	checks, keyIter, valIter validators.Result
}

// hasValidations reports whether validating a value of n's type would run
// any check, looking through fields, elements and typedefs.
func (n *node) hasValidations() bool {
	return n.hasValidationsSeen(map[*node]bool{})
}

func (n *node) hasValidationsSeen(seen map[*node]bool) bool {
	if n == nil || seen[n] {
		return false
	}
	seen[n] = true
	switch {
	case n.checks.HasChecks():
		return true
	case n.checks.Opaque:
		return false
	}
	if n.underlying != nil {
		if iterates(n.keyIter, n.keyNode(), seen) || iterates(n.valIter, n.elemNode(), seen) ||
			n.underlying.node.hasValidationsSeen(seen) {
			return true
		}
	}
	for _, c := range n.fields {
		if c.hasValidationsSeen(seen) {
			return true
		}
	}
	return false
}

// hasValidationsSeen reports whether a field would run any check.
func (c *child) hasValidationsSeen(seen map[*node]bool) bool {
	if c.checks.HasChecks() {
		return true
	}
	if c.node == nil {
		return false
	}
	return iterates(c.keyIter, c.node.keyNode(), seen) || iterates(c.valIter, c.node.elemNode(), seen) ||
		c.node.hasValidationsSeen(seen)
}

// iterates reports whether an iteration calls a function with checks.
func iterates(iter validators.Result, target *node, seen map[*node]bool) bool {
	return iter.HasChecks() && target != nil && target.hasValidationsSeen(seen)
}

// elemNode returns the element node of a slice or map, through a typedef.
func (n *node) elemNode() *node {
	switch {
	case n == nil:
		return nil
	case n.elem != nil:
		return n.elem.node
	case n.underlying != nil && n.underlying.node != nil && n.underlying.node.elem != nil:
		return n.underlying.node.elem.node
	}
	return nil
}

// keyNode returns the key node of a map, through a typedef.
func (n *node) keyNode() *node {
	switch {
	case n == nil:
		return nil
	case n.key != nil:
		return n.key.node
	case n.underlying != nil && n.underlying.node != nil && n.underlying.node.key != nil:
		return n.underlying.node.key.node
	}
	return nil
}
