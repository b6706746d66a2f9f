package gen

import (
	"go/types"
	"unicode"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// discoverStruct discovers every exported field of a struct and evaluates
// the field's tags. Field tags may add checks to the struct itself (unions,
// dependencies between fields), once all fields are read.
func (d *discoverer) discoverStruct(n *node, path string) {
	for _, m := range d.prog.Members(n.t) {
		if !unicode.IsUpper([]rune(m.Name)[0]) {
			continue
		}
		n.fields = append(n.fields, d.discoverField(n, m, path))
	}
	for _, c := range n.fields {
		here, enclosing := d.resolve(&c.checks, c.member.Pos)
		c.checks.Add(here)
		n.checks.Add(enclosing)
	}
}

func (d *discoverer) discoverField(parent *node, m *validators.Member, structPath string) *child {
	name := m.JSON
	if name == "" {
		name = m.Name
	}
	c := &child{member: m, t: m.Type, path: validators.Child(structPath, name)}
	c.node = d.discoverChild(m.Type, c.path)
	ctx := validators.Context{Scope: validators.ScopeField, Type: m.Type, Path: c.path, Member: m,
		ParentPath: structPath, ParentType: parent.t}
	list := d.tagsOf(m.Comments)
	c.tagged = len(list) > 0
	res, err := d.reg.Validations(ctx, list...)
	d.ps.fromError(m.Pos, err)
	if res.HasChecks() && isMapOfSlices(m.Type) {
		d.ps.at(m.Pos, "validate the slices through their element type instead", "validation for map of slices is not supported")
	}
	c.checks = res
	d.checkIncluded(c)
	d.fieldIterations(c)
	return c
}

// checkIncluded insists that a field whose type is declared in a package
// that is not generated says so with +k8s:opaqueType: otherwise that type's
// rules would be skipped silently.
func (d *discoverer) checkIncluded(c *child) {
	t := shape.NonPointer(c.t)
	if !shape.IsTypedef(t) && !shape.IsNamedStruct(t) {
		return
	}
	switch {
	case c.node == nil && !c.checks.Opaque:
		d.ps.at(c.member.Pos, "add its package to --readonly-pkg, or add +k8s:opaqueType to the field to skip its validation",
			"field %s: type %s is in a package that is not generated", c.member.Name, t)
	case c.checks.Opaque:
		c.node = nil
	}
}

// fieldIterations prepares calls of the element and key types' validation
// functions for a field that is itself a list or map.
func (d *discoverer) fieldIterations(c *child) {
	switch u := types.Unalias(c.t).(type) {
	case *types.Slice:
		c.valIter = d.iteration(c.path, c.t, d.fieldElemNode(c, u.Elem()), c.checks.OpaqueValues, c.member.Pos, "eachVal", u.Elem())
	case *types.Map:
		c.keyIter = d.iteration(c.path, c.t, d.fieldKeyNode(c, u.Key()), c.checks.OpaqueKeys, c.member.Pos, "eachKey", u.Key())
		c.valIter = d.iteration(c.path, c.t, d.fieldElemNode(c, u.Elem()), c.checks.OpaqueValues, c.member.Pos, "eachVal", u.Elem())
	}
}

// typedefIterations is fieldIterations for a list or map typedef.
func (d *discoverer) typedefIterations(n *node, pos tags.Pos, path string) {
	switch u := n.t.Underlying().(type) {
	case *types.Slice:
		n.valIter = d.iteration(path, n.t, n.elemNode(), n.checks.OpaqueValues, pos, "eachVal", u.Elem())
	case *types.Map:
		n.keyIter = d.iteration(path, n.t, n.keyNode(), n.checks.OpaqueKeys, pos, "eachKey", u.Key())
		n.valIter = d.iteration(path, n.t, n.elemNode(), n.checks.OpaqueValues, pos, "eachVal", u.Elem())
	}
}

// iteration returns the call of target's validation function on every
// element (eachVal) or key (eachKey) of the collection t, or nothing when
// the target is opaque or has no function. An element type from a package
// that is not generated must be declared opaque.
func (d *discoverer) iteration(path string, t types.Type, target *node, opaque bool, pos tags.Pos, kind string, elem types.Type) validators.Result {
	switch {
	case target == nil && !opaque:
		d.ps.at(pos, "add its package to --readonly-pkg, or add +k8s:"+kind+"=+k8s:opaqueType to skip its validation",
			"type %s is in a package that is not generated", elem)
		return validators.Result{}
	case target == nil || opaque || target.fn.Name == "":
		return validators.Result{}
	}
	call := validators.Result{Checks: []code.Check{{Tag: "k8s:" + kind, Func: target.fn}}}
	if kind == "eachKey" {
		return validators.EachKey(t, call)
	}
	return d.reg.EachValue(path, t, call)
}

// fieldElemNode finds the element node of a list or map field, also while
// the element type is still being discovered (recursive types).
func (d *discoverer) fieldElemNode(c *child, elem types.Type) *node {
	if c.node != nil && c.node.elem != nil {
		return c.node.elem.node
	}
	return d.nodes[typeKey(shape.NonPointer(elem))]
}

func (d *discoverer) fieldKeyNode(c *child, key types.Type) *node {
	if c.node != nil && c.node.key != nil {
		return c.node.key.node
	}
	return d.nodes[typeKey(key)]
}
