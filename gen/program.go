package gen

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// program is the loaded code: every package loaded from source, with the
// comments and positions the generator needs.
type program struct {
	fset  *token.FileSet
	pkgs  map[string]*pkgInfo // by import path
	roots []string            // packages matched by the patterns, sorted
	// outputs maps each input package to the package that holds its
	// generated validation; set once packages are configured.
	outputs map[string]string
	// warnings are type errors found while loading.
	warnings []string
	// structs finds the declaration of a struct literal, so that
	// `type B A` gets A's field comments.
	structs map[*types.Struct]*typeInfo
}

// pkgInfo is one package loaded from source.
type pkgInfo struct {
	path, name, dir string
	types           *types.Package
	comments        *commentIndex
	// options are the comment lines of doc.go that may hold package-level
	// generator options.
	options []tags.Line
	named   map[*types.TypeName]*typeInfo
	consts  []*constInfo
	files   []*ast.File
	info    *types.Info
}

// typeInfo is a named type declared in a loaded package.
type typeInfo struct {
	obj     *types.TypeName
	doc     []tags.Line // doc comment
	second  []tags.Line // comment one blank line above the doc comment
	pos     tags.Pos
	members []*validators.Member // for structs
	// from is the named type a type definition is written from (Foo in
	// `type Bar Foo`, through aliases), or nil. Go flattens the chain:
	// Bar's underlying type is Foo's, and Foo's tags do not apply to Bar.
	from types.Type
}

type constInfo struct {
	obj *types.Const
	doc []tags.Line
}

func newProgram(fset *token.FileSet, pkgs []*packages.Package, roots map[string]bool) *program {
	prog := &program{fset: fset, pkgs: map[string]*pkgInfo{}, outputs: map[string]string{},
		structs: map[*types.Struct]*typeInfo{}}
	for _, p := range pkgs {
		if p.Types == nil || len(p.Syntax) == 0 {
			continue
		}
		info := newPkgInfo(fset, p)
		prog.pkgs[p.PkgPath] = info
		if roots[p.PkgPath] {
			prog.roots = append(prog.roots, p.PkgPath)
		}
		for _, ti := range info.named {
			if s, ok := ti.obj.Type().Underlying().(*types.Struct); ok && ti.members != nil {
				prog.structs[s] = ti
			}
		}
	}
	sort.Strings(prog.roots)
	return prog
}

func newPkgInfo(fset *token.FileSet, p *packages.Package) *pkgInfo {
	info := &pkgInfo{
		path: p.PkgPath, name: p.Name, types: p.Types, files: p.Syntax, info: p.TypesInfo,
		comments: newCommentIndex(fset, p.Syntax),
		named:    map[*types.TypeName]*typeInfo{},
	}
	if len(p.GoFiles) > 0 {
		info.dir = filepath.Dir(p.GoFiles[0])
	}
	for _, f := range p.Syntax {
		if filepath.Base(fset.Position(f.Package).Filename) == "doc.go" {
			info.options = packageOptionLines(fset, f)
		}
		info.collectDecls(fset, f)
	}
	return info
}

// packageOptionLines returns the comments of doc.go above and on the package
// clause, where Kubernetes generators read package options.
func packageOptionLines(fset *token.FileSet, f *ast.File) []tags.Line {
	var lines []tags.Line
	for _, g := range f.Comments {
		if g.Pos() < f.Package {
			lines = append(lines, commentLines(fset, g)...)
		}
	}
	return lines
}

func (info *pkgInfo) collectDecls(fset *token.FileSet, f *ast.File) {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				info.addType(fset, s)
			case *ast.ValueSpec:
				if gd.Tok == token.CONST {
					info.addConsts(s)
				}
			}
		}
	}
}

func (info *pkgInfo) addType(fset *token.FileSet, s *ast.TypeSpec) {
	obj, ok := info.types.Scope().Lookup(s.Name.Name).(*types.TypeName)
	if !ok || obj.Pos() != s.Name.Pos() {
		return
	}
	ti := &typeInfo{
		obj: obj, pos: position(fset, s.Name.Pos()),
		doc: info.comments.doc(s.Name.Pos()), second: info.comments.secondClosest(s.Name.Pos()),
	}
	if st, ok := s.Type.(*ast.StructType); ok {
		ti.members = info.structMembers(fset, st, obj.Type())
	}
	if info.info != nil && !obj.IsAlias() && s.TypeParams == nil {
		if rhs, ok := types.Unalias(info.info.TypeOf(s.Type)).(*types.Named); ok {
			ti.from = rhs
		}
	}
	info.named[obj] = ti
}

func (info *pkgInfo) addConsts(s *ast.ValueSpec) {
	for _, name := range s.Names {
		if c, ok := info.types.Scope().Lookup(name.Name).(*types.Const); ok && c.Pos() == name.Pos() {
			info.consts = append(info.consts, &constInfo{obj: c, doc: info.comments.doc(name.Pos())})
		}
	}
}

// structMembers pairs the fields of a struct's syntax with their types.
func (info *pkgInfo) structMembers(fset *token.FileSet, st *ast.StructType, t types.Type) []*validators.Member {
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var members []*validators.Member
	i := 0
	for _, f := range st.Fields.List {
		n := max(len(f.Names), 1)
		for range n {
			if i >= s.NumFields() {
				return members
			}
			m := memberOf(s.Field(i), s.Tag(i))
			m.Comments = info.comments.doc(f.Pos())
			m.Pos = position(fset, s.Field(i).Pos())
			members = append(members, m)
			i++
		}
	}
	return members
}

// memberOf describes a struct field from its type information alone. The
// JSON name follows encoding/json: the json tag's name, else the Go name;
// none for `json:"-"` and for embedded fields without a name (inlined).
func memberOf(v *types.Var, tag string) *validators.Member {
	m := &validators.Member{Name: v.Name(), Embedded: v.Embedded(), Type: v.Type()}
	jsonTag := reflect.StructTag(tag).Get("json")
	name, _, _ := strings.Cut(jsonTag, ",")
	switch {
	case jsonTag == "-":
	case name != "":
		m.JSON = name
	case !v.Embedded():
		m.JSON = v.Name()
	}
	return m
}

func position(fset *token.FileSet, pos token.Pos) tags.Pos {
	p := fset.Position(pos)
	return tags.Pos{File: p.Filename, Line: p.Line, Column: p.Column}
}

// typeInfo returns the declaration of a named type loaded from source.
func (prog *program) typeInfo(t types.Type) *typeInfo {
	n, ok := shape.Named(t)
	if !ok || n.Obj().Pkg() == nil {
		return nil
	}
	pkg := prog.pkgs[n.Obj().Pkg().Path()]
	if pkg == nil {
		return nil
	}
	return pkg.named[n.Origin().Obj()]
}

// Members implements validators.Universe. Types loaded from export data
// (other modules) have no comments, only names and JSON names.
func (prog *program) Members(t types.Type) []*validators.Member {
	t = shape.NonPointer(t)
	if ti := prog.typeInfo(t); ti != nil && ti.members != nil {
		return ti.members
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	if declared := prog.structs[s]; declared != nil {
		return declared.members
	}
	members := make([]*validators.Member, s.NumFields())
	for i := range s.NumFields() {
		members[i] = memberOf(s.Field(i), s.Tag(i))
		members[i].Pos = position(prog.fset, s.Field(i).Pos())
	}
	return members
}

// OutputPackage implements validators.Universe.
func (prog *program) OutputPackage(input string) (string, bool) {
	out, ok := prog.outputs[input]
	return out, ok
}

// Func implements validators.Universe.
func (prog *program) Func(pkgPath, name string) *types.Func {
	pkg := prog.pkgs[pkgPath]
	if pkg == nil {
		return nil
	}
	f, _ := pkg.types.Scope().Lookup(name).(*types.Func)
	return f
}

// Funcs implements validators.Universe.
func (prog *program) Funcs(pkgPath string) []string {
	pkg := prog.pkgs[pkgPath]
	if pkg == nil {
		return nil
	}
	var names []string
	for _, n := range pkg.types.Scope().Names() {
		if _, ok := pkg.types.Scope().Lookup(n).(*types.Func); ok {
			names = append(names, n)
		}
	}
	return names
}
