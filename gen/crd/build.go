package crd

import (
	"go/types"
	"slices"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/tags"
)

// builder turns Go types into structural schemas, as controller-gen does.
type builder struct {
	prog *program
	ps   *problems
	// stack holds the named types being built: meeting one again is a
	// recursive type, which a structural schema cannot express.
	stack []*types.Named
	// unions collects the union members of the structs being built.
	unions map[*schema.Schema]map[string]*union
	// typeMarkers is Options.TypeMarkers.
	typeMarkers func(t *types.TypeName, doc string) []string
	// origins say which marker wrote each keyword of each node
	// (origin.go).
	origins map[*schema.Schema]*origin
	// embeddedObjectMeta and allowFloats are
	// Options.GenerateEmbeddedObjectMeta and Options.AllowDangerousTypes.
	embeddedObjectMeta, allowFloats bool
}

// node is a schema being built and what markers written on it may need.
type node struct {
	b *builder
	s *schema.Schema
	t types.Type
	// parent is the object schema of the struct a field belongs to, where
	// rules about the field's presence go; nil for a type's schema.
	parent *schema.Schema
	field  string // the field's JSON name, when the node is a field
	// required is the field's requiredness as markers set it, nil when
	// no marker did.
	required *bool
	// pkg is the package the markers are written in, where +default=ref
	// names its constant.
	pkg *types.Package
}

// schemaOf returns a new schema for values of type t.
func (b *builder) schemaOf(t types.Type, pos tags.Pos) *schema.Schema {
	t = shape.NonPointer(t)
	if n, ok := shape.Named(t); ok {
		return b.named(n, pos)
	}
	return b.unnamed(t, nil, pos)
}

func (b *builder) named(n *types.Named, pos tags.Pos) *schema.Schema {
	if s, ok := b.knownSchema(n); ok {
		return s
	}
	if i := slices.Index(b.stack, n.Origin()); i >= 0 {
		b.ps.add(pos, "recursive type %s: a structural schema cannot describe a value that contains itself (%s)", n.Obj().Name(), cycle(b.stack[i:]))
		return &schema.Schema{}
	}
	b.stack = append(b.stack, n.Origin())
	defer func() { b.stack = b.stack[:len(b.stack)-1] }()
	decl := b.declOf(n)
	if decl == nil {
		return b.unnamed(n.Underlying(), nil, pos)
	}
	var s *schema.Schema
	if base := b.baseNamed(n, decl.base); base != nil {
		s = b.named(base, pos)
	} else {
		s = b.unnamed(n.Underlying(), decl, pos)
	}
	if d := description(decl.doc); d != "" || decl.base == nil {
		s.Description = d
	}
	b.declared(s, decl.pos)
	nd := &node{b: b, s: s, t: n, pkg: n.Obj().Pkg()}
	lines := append(append([]tags.Line{}, decl.extra...), decl.doc...)
	if b.typeMarkers != nil {
		for _, m := range b.typeMarkers(n.Obj(), docText(decl.doc)) {
			lines = append(lines, tags.Line{Text: "+" + m, Pos: decl.pos})
		}
	}
	for _, u := range markersIn(lines, onType, b.ps, b.prog.foreign(n.Obj().Pkg().Path())) {
		nd.apply(u)
	}
	return s
}

func cycle(stack []*types.Named) string {
	names := make([]string, 0, len(stack)+1)
	for _, n := range stack {
		names = append(names, n.Obj().Name())
	}
	return strings.Join(append(names, names[0]), " -> ")
}

// declOf returns the comments of a named type's declaration, if found.
func (b *builder) declOf(n *types.Named) *typeDecl {
	obj := n.Obj()
	if obj.Pkg() == nil {
		return nil
	}
	return b.prog.declsOf(obj.Pkg().Path()).types[obj.Name()]
}

// baseNamed resolves the named type a declaration defines n as, in n's
// package or one it imports; nil when there is none (`type A string`).
func (b *builder) baseNamed(n *types.Named, ref *baseRef) *types.Named {
	if ref == nil {
		return nil
	}
	pkg := n.Obj().Pkg()
	if ref.pkgName != "" {
		pkg = importedPackage(pkg, ref)
	}
	if pkg == nil {
		return nil
	}
	tn, ok := pkg.Scope().Lookup(ref.name).(*types.TypeName)
	if !ok {
		return nil
	}
	base, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok || base.Origin() == n.Origin() {
		return nil
	}
	return base
}

func importedPackage(pkg *types.Package, ref *baseRef) *types.Package {
	for _, imp := range pkg.Imports() {
		if imp.Path() == ref.importPath || (ref.importPath == "" && imp.Name() == ref.pkgName) {
			return imp
		}
	}
	return nil
}

// apply applies one schema marker to the node, reporting its errors at
// the marker.
func (n *node) apply(u use) {
	if u.m.schema == nil {
		return
	}
	before, rules := keywords(n.s), len(n.s.Validations)
	var parentBefore map[string]any
	var parentRules int
	if n.parent != nil {
		parentBefore, parentRules = keywords(n.parent), len(n.parent.Validations)
	}
	if err := u.m.schema(n, u); err != nil {
		n.b.ps.add(u.pos, "%v", err)
	}
	n.b.wrote(n.s, before, rules, u.pos)
	if n.parent != nil {
		n.b.wrote(n.parent, parentBefore, parentRules, u.pos)
	}
}

func (b *builder) unnamed(t types.Type, decl *typeDecl, pos tags.Pos) *schema.Schema {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return b.basic(u, pos)
	case *types.Slice:
		return b.list(u.Elem(), pos)
	case *types.Array:
		return b.list(u.Elem(), pos)
	case *types.Map:
		return b.mapOf(u, pos)
	case *types.Struct:
		return b.object(u, decl, pos)
	case *types.Pointer:
		return b.schemaOf(u.Elem(), pos)
	}
	b.ps.add(pos, "a %s has no schema: use runtime.RawExtension, or +kubebuilder:validation:Schemaless with +kubebuilder:pruning:PreserveUnknownFields", shape.KindName(t))
	return &schema.Schema{}
}

func (b *builder) basic(t *types.Basic, pos tags.Pos) *schema.Schema {
	info := t.Info()
	switch {
	case info&types.IsString != 0:
		return &schema.Schema{Type: "string"}
	case info&types.IsBoolean != 0:
		return &schema.Schema{Type: "boolean"}
	case info&types.IsInteger != 0:
		return &schema.Schema{Type: "integer", Format: intFormat(t.Kind())}
	case info&types.IsFloat != 0:
		if !b.allowFloats {
			b.ps.add(pos, "%s: floats are not portable across languages (controller-gen refuses them too); use an integer, a resource.Quantity or a string, or allow them (Options.AllowDangerousTypes, kval gen crd --allow-dangerous-types)", t.Name())
		}
		return &schema.Schema{Type: "number"}
	}
	b.ps.add(pos, "a %s has no schema", t.Name())
	return &schema.Schema{}
}

// intFormat is controller-gen's: sized 32- and 64-bit integers, signed or
// not, say so, the others do not.
func intFormat(k types.BasicKind) string {
	switch k {
	case types.Int32, types.Uint32:
		return "int32"
	case types.Int64, types.Uint64:
		return "int64"
	}
	return ""
}

func (b *builder) list(elem types.Type, pos tags.Pos) *schema.Schema {
	if e, ok := types.Unalias(elem).(*types.Basic); ok && e.Kind() == types.Byte {
		return &schema.Schema{Type: "string", Format: "byte"} // []byte is base64 in JSON
	}
	return &schema.Schema{Type: "array", Items: b.schemaOf(elem, pos)}
}

func (b *builder) mapOf(m *types.Map, pos tags.Pos) *schema.Schema {
	if !shape.IsString(m.Key()) {
		b.ps.add(pos, "map keys must be strings in JSON, not %s", m.Key())
	}
	return &schema.Schema{Type: "object", AdditionalProperties: &schema.SchemaOrBool{Allows: true, Schema: b.schemaOf(m.Elem(), pos)}}
}

// description is a doc comment as controller-gen makes it a description:
// without marker lines, cut at a "---" line, trimmed.
func description(lines []tags.Line) string {
	var out []string
	for _, l := range lines {
		t := strings.TrimSpace(l.Text)
		if t == "---" {
			break
		}
		if strings.HasPrefix(t, "+") {
			continue
		}
		out = append(out, strings.TrimRight(l.Text, " \t"))
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

func elemType(t types.Type) types.Type {
	e, _ := shape.Elem(t)
	return e
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// docText is a doc comment's text, a line per line.
func docText(doc []tags.Line) string {
	texts := make([]string, len(doc))
	for i, l := range doc {
		texts[i] = l.Text
	}
	return strings.Join(texts, "\n")
}
