package crd

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/kval-dev/kval/tags"
)

// pkgDecls are the comments of one package's declarations, by name.
type pkgDecls struct {
	// options are the comment lines above the package clauses, where
	// package markers (+groupName) are written.
	options []tags.Line
	types   map[string]*typeDecl
	consts  map[string]*constDecl
}

// typeDecl is one type declaration's comments.
type typeDecl struct {
	pos tags.Pos
	// doc is the doc comment: the description and markers.
	doc []tags.Line
	// extra is the comment group one blank line above the doc comment,
	// where controller-gen projects write resource markers; markers only.
	extra []tags.Line
	// fields are the doc comments of a struct's fields, in field order
	// (one entry per name, as go/types lists them).
	fields []fieldDecl
	// base is the named type the declaration defines the type as, `type A
	// B` or `type A pkg.B`, nil otherwise. go/types keeps only A's
	// underlying type; controller-gen takes B's schema, with B's markers
	// and its fields' markers, and applies A's markers on top.
	base *baseRef
}

// baseRef names a type in a declaration: the package by its import path
// when the file imports it under an explicit name, else by the name it is
// used under ("" for the declaring package).
type baseRef struct {
	importPath, pkgName, name string
}

type fieldDecl struct {
	pos tags.Pos
	doc []tags.Line
}

type constDecl struct {
	pos tags.Pos
	doc []tags.Line
}

func newPkgDecls(fset *token.FileSet, files []*ast.File) *pkgDecls {
	d := &pkgDecls{types: map[string]*typeDecl{}, consts: map[string]*constDecl{}}
	for _, f := range files {
		d.options = append(d.options, packageComments(fset, f)...)
		idx := groupsByEnd(fset, f)
		imports := namedImports(f)
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok {
				d.addGenDecl(fset, idx, imports, gd)
			}
		}
	}
	return d
}

// packageComments are the comment groups above the package clause.
func packageComments(fset *token.FileSet, f *ast.File) []tags.Line {
	var lines []tags.Line
	for _, g := range f.Comments {
		if g.Pos() < f.Package {
			lines = append(lines, tags.CommentLines(fset, g)...)
		}
	}
	return lines
}

func (d *pkgDecls) addGenDecl(fset *token.FileSet, idx map[int]*ast.CommentGroup, imports map[string]string, gd *ast.GenDecl) {
	for _, spec := range gd.Specs {
		doc := gd.Doc
		if gd.Lparen.IsValid() {
			doc = nil
		}
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if s.Doc != nil {
				doc = s.Doc
			}
			td := newTypeDecl(fset, idx, s, doc)
			if !s.Assign.IsValid() && s.TypeParams == nil {
				td.base = baseOf(s.Type, imports)
			}
			d.types[s.Name.Name] = td
		case *ast.ValueSpec:
			if gd.Tok != token.CONST {
				continue
			}
			if s.Doc != nil {
				doc = s.Doc
			}
			for _, n := range s.Names {
				d.consts[n.Name] = &constDecl{pos: position(fset, n.Pos()), doc: tags.CommentLines(fset, doc)}
			}
		}
	}
}

func newTypeDecl(fset *token.FileSet, idx map[int]*ast.CommentGroup, s *ast.TypeSpec, doc *ast.CommentGroup) *typeDecl {
	td := &typeDecl{pos: position(fset, s.Name.Pos()), doc: tags.CommentLines(fset, doc)}
	above := s.Name.Pos()
	if doc != nil {
		above = doc.Pos()
	}
	td.extra = tags.CommentLines(fset, idx[fset.Position(above).Line-2])
	if st, ok := s.Type.(*ast.StructType); ok {
		td.fields = structFields(fset, st)
	}
	return td
}

// baseOf returns the named type an expression names, if it is one: an
// identifier (which may also be a predeclared type, such as string: the
// builder finds no such type in the package) or a qualified identifier.
func baseOf(e ast.Expr, imports map[string]string) *baseRef {
	switch x := e.(type) {
	case *ast.Ident:
		return &baseRef{name: x.Name}
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok {
			return &baseRef{importPath: imports[pkg.Name], pkgName: pkg.Name, name: x.Sel.Name}
		}
	}
	return nil
}

// namedImports maps the explicit names of a file's imports to their paths;
// an import without one is used under its package's own name.
func namedImports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		if imp.Name != nil {
			out[imp.Name.Name] = strings.Trim(imp.Path.Value, `"`)
		}
	}
	return out
}

func structFields(fset *token.FileSet, st *ast.StructType) []fieldDecl {
	var out []fieldDecl
	for _, f := range st.Fields.List {
		fd := fieldDecl{pos: position(fset, f.Pos()), doc: tags.CommentLines(fset, f.Doc)}
		for range max(len(f.Names), 1) {
			out = append(out, fd)
		}
	}
	return out
}

// groupsByEnd indexes a file's comment groups by the line they end on.
func groupsByEnd(fset *token.FileSet, f *ast.File) map[int]*ast.CommentGroup {
	idx := map[int]*ast.CommentGroup{}
	for _, g := range f.Comments {
		idx[fset.Position(g.End()).Line] = g
	}
	return idx
}

func position(fset *token.FileSet, p token.Pos) tags.Pos {
	pos := fset.Position(p)
	return tags.Pos{File: pos.Filename, Line: pos.Line, Column: pos.Column}
}
