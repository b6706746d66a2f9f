package gen

import (
	"go/constant"
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// maxLaterRounds bounds how many times Laters may produce further Laters.
const maxLaterRounds = 10

// discoverer builds the type graph of the root types, evaluating the tags
// of every type and field it reaches.
type discoverer struct {
	prog   *program
	reg    *validators.Registry
	ps     *problems
	nodes  map[string]*node
	consts map[string][]*validators.Constant // by type
}

func newDiscoverer(prog *program, reg *validators.Registry, ps *problems) *discoverer {
	d := &discoverer{prog: prog, reg: reg, ps: ps, nodes: map[string]*node{}, consts: map[string][]*validators.Constant{}}
	d.readConstants()
	return d
}

// included reports whether the generator validates types of pkgPath: they
// are generated in this run, or read-only.
func (d *discoverer) included(pkgPath string) bool {
	_, ok := d.prog.outputs[pkgPath]
	return ok
}

// readConstants parses the tags of every constant of the included packages
// (enums read them, e.g. +k8s:enumExclude).
func (d *discoverer) readConstants() {
	for path := range d.prog.outputs {
		pkg := d.prog.pkgs[path]
		if pkg == nil {
			continue
		}
		for _, c := range pkg.consts {
			ctx := validators.Context{Scope: validators.ScopeConst, Type: c.obj.Type()}
			list := d.tagsOf(c.doc)
			if len(list) > 0 {
				_, err := d.reg.Validations(ctx, list...)
				d.ps.fromError(position(d.prog.fset, c.obj.Pos()), err)
			}
			if c.obj.Val().Kind() != constant.String {
				continue
			}
			key := typeKey(c.obj.Type())
			d.consts[key] = append(d.consts[key], &validators.Constant{Object: c.obj, Tags: list,
				Comment: strings.Join(lineTexts(c.doc), " ")})
		}
	}
}

// tagsOf parses the validation tags in comment lines, reporting syntax
// errors.
func (d *discoverer) tagsOf(lines []tags.Line) []tags.Tag {
	list, err := d.reg.ParseTags(lines)
	d.ps.fromError(tags.Pos{}, err)
	return list
}

func typeKey(t types.Type) string { return types.TypeString(types.Unalias(t), nil) }

// discover returns the node of t, building it (and everything it reaches)
// on first sight. Types of packages that are not generated have no node.
func (d *discoverer) discover(t types.Type, path string) *node {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok && unsupportedPointer(p) == "" {
		return d.discover(p.Elem(), path)
	}
	if n, ok := t.(*types.Named); ok && (n.Obj().Pkg() == nil || !d.included(n.Obj().Pkg().Path())) {
		return nil
	}
	if n := d.nodes[typeKey(t)]; n != nil {
		return n
	}
	n := &node{t: t}
	d.nodes[typeKey(t)] = n
	if n.unsupported = unsupportedShape(t); n.unsupported != "" {
		d.discoverInside(n, path)
		return n
	}
	if named, ok := shape.Named(t); ok {
		// A named type starts a new path: its tags are the same wherever
		// it is used.
		path = validators.TypePath(t)
		n.fn = code.Ref{Pkg: named.Obj().Pkg().Path(), Name: "Validate_" + named.Obj().Name()}
		if ti := d.prog.typeInfo(t); ti != nil {
			n.pos = ti.pos
		}
	} else if _, ok := t.(*types.Struct); ok {
		n.unsupported = "anonymous struct types are not supported; declare a named type"
		return n
	}
	d.descend(n, path)
	if _, ok := shape.Named(t); ok {
		d.typeTags(n)
	}
	return n
}

// discoverChild is discover for a type used inside another.
func (d *discoverer) discoverChild(t types.Type, path string) *node {
	n := d.discover(t, path)
	if n != nil {
		n.referenced = true
	}
	return n
}

// descend discovers what a type contains.
func (d *discoverer) descend(n *node, path string) {
	switch u := n.t.(type) {
	case *types.Named:
		if shape.IsTypedef(u) {
			n.underlying = &child{t: u.Underlying(), node: d.discoverChild(u.Underlying(), path), path: path}
		} else if _, ok := u.Underlying().(*types.Struct); ok {
			d.discoverStruct(n, path)
		}
	case *types.Slice:
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), validators.Key(path, "vals")), path: path}
	case *types.Map:
		n.key = &child{t: u.Key(), node: d.discoverChild(u.Key(), validators.Key(path, "keys")), path: path}
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), validators.Key(path, "vals")), path: path}
	}
}

// discoverInside discovers the named types inside an unsupported shape, so
// that the generator can tell whether validating it would matter.
func (d *discoverer) discoverInside(n *node, path string) {
	switch u := n.t.Underlying().(type) {
	case *types.Slice:
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), path)}
	case *types.Array:
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), path)}
	case *types.Map:
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), path)}
	case *types.Pointer:
		n.elem = &child{t: u.Elem(), node: d.discoverChild(u.Elem(), path)}
	}
}

// typeTags evaluates the tags written on a named type.
func (d *discoverer) typeTags(n *node) {
	ti := d.prog.typeInfo(n.t)
	if ti == nil {
		return
	}
	ctx := validators.Context{Scope: validators.ScopeType, Type: n.t, Path: validators.TypePath(n.t), Constants: d.consts[typeKey(n.t)]}
	res, err := d.reg.Validations(ctx, d.tagsOf(ti.doc)...)
	d.ps.fromError(ti.pos, err)
	if res.HasChecks() && isMapOfSlices(n.t) {
		d.ps.at(ti.pos, "validate the slices through their element type instead", "validation for map of slices is not supported")
	}
	n.checks.Add(res)
	if shape.IsTypedef(n.t) {
		d.typedefIterations(n, ti.pos, ctx.Path)
	}
	here, enclosing := d.resolve(&n.checks, ti.pos)
	n.checks.Add(here)
	n.checks.Add(enclosing)
}

func isMapOfSlices(t types.Type) bool {
	elem, ok := shape.Elem(t)
	return ok && shape.IsMap(t) && shape.IsSlice(elem)
}

// resolve runs the Laters of res until none are left, returning the
// results meant for the place itself and for its enclosing struct.
func (d *discoverer) resolve(res *validators.Result, pos tags.Pos) (here, enclosing validators.Result) {
	laters := res.Later
	res.Later = nil
	for round := 0; len(laters) > 0; round++ {
		if round == maxLaterRounds {
			d.ps.at(pos, "", "tags depend on each other more than %d levels deep", maxLaterRounds)
			return
		}
		var next []validators.Later
		for _, l := range laters {
			built, err := l.Build()
			if err != nil {
				d.ps.fromError(pos, err)
				continue
			}
			next = append(next, built.Later...)
			built.Later = nil
			if l.Target == validators.Enclosing {
				enclosing.Add(built)
			} else {
				here.Add(built)
			}
		}
		laters = next
	}
	return here, enclosing
}

// unsupportedShape explains why t cannot be validated, or returns "".
func unsupportedShape(t types.Type) string {
	switch u := t.(type) {
	case *types.Named:
		if _, ok := u.Underlying().(*types.Pointer); ok {
			return "typedefs to pointers are not supported"
		}
		return unsupportedShape(u.Underlying())
	case *types.Basic, *types.Interface, *types.Struct:
		return ""
	case *types.Pointer:
		return unsupportedPointer(u)
	case *types.Array:
		return "fixed-size arrays are not supported"
	case *types.Slice:
		return unsupportedSlice(u)
	case *types.Map:
		return unsupportedMap(u)
	}
	return "values of kind " + shape.KindName(t) + " are not supported"
}

func unsupportedPointer(p *types.Pointer) string {
	switch shape.Native(p.Elem()).(type) {
	case *types.Pointer:
		return "pointers to pointers are not supported"
	case *types.Slice, *types.Array:
		return "pointers to lists are not supported"
	case *types.Map:
		return "pointers to maps are not supported"
	}
	return ""
}

func unsupportedSlice(s *types.Slice) string {
	switch e := shape.Native(s.Elem()).(type) {
	case *types.Slice:
		if b, ok := shape.Native(e.Elem()).(*types.Basic); !ok || b.Kind() != types.Byte {
			return "lists of lists are not supported"
		}
	case *types.Map:
		return "lists of maps are not supported"
	}
	return ""
}

func unsupportedMap(m *types.Map) string {
	if !shape.IsString(m.Key()) || shape.IsPointer(shape.Native(m.Key())) {
		return "maps with non-string keys are not supported"
	}
	switch shape.Native(m.Elem()).(type) {
	case *types.Pointer:
		return "maps of pointers are not supported"
	case *types.Map:
		return "maps of maps are not supported"
	}
	return ""
}
