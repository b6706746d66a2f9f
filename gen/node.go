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
	// tagged says the field has validation tags (even misused ones).
	tagged bool
}

// hasValidations reports whether validating a value of n's type would run
// any check, looking through fields, elements and typedefs. It decides which
// root types are registered, as upstream does: a root with only guards
// (+k8s:optional) is registered, and rejects unknown subresources.
func (n *node) hasValidations() bool {
	return reach{seen: map[*node]bool{}}.node(n)
}

// canFail reports whether validating a value of n's type could report an
// error: guards that only stop other checks do not count. It decides which
// validation functions are called and generated.
func (n *node) canFail() bool {
	return reach{seen: map[*node]bool{}, strict: true}.node(n)
}

// reach walks the type graph looking for checks. Strict walks count only
// checks that can report errors.
type reach struct {
	seen   map[*node]bool
	strict bool
}

func (r reach) has(res validators.Result) bool {
	if !r.strict {
		return res.HasChecks()
	}
	return reportsErrors(res.Checks)
}

func (r reach) node(n *node) bool {
	if n == nil || r.seen[n] {
		return false
	}
	r.seen[n] = true
	switch {
	case r.has(n.checks):
		return true
	case n.checks.Opaque:
		return false
	}
	if n.underlying != nil {
		if r.iterates(n.keyIter, n.keyNode()) || r.iterates(n.valIter, n.elemNode()) || r.node(n.underlying.node) {
			return true
		}
	}
	for _, c := range n.fields {
		if r.field(c) {
			return true
		}
	}
	return false
}

// field reports whether a field would run any check.
func (r reach) field(c *child) bool {
	if r.has(c.checks) {
		return true
	}
	if c.node == nil {
		return false
	}
	return r.iterates(c.keyIter, c.node.keyNode()) || r.iterates(c.valIter, c.node.elemNode()) || r.node(c.node)
}

// iterates reports whether an iteration calls a function with checks.
func (r reach) iterates(iter validators.Result, target *node) bool {
	return iter.HasChecks() && target != nil && r.node(target)
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
