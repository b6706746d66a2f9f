package crd

import (
	"go/ast"
	"go/token"

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
		for _, decl := range f.Decls {
			if gd, ok := decl.(*ast.GenDecl); ok {
				d.addGenDecl(fset, idx, gd)
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

func (d *pkgDecls) addGenDecl(fset *token.FileSet, idx map[int]*ast.CommentGroup, gd *ast.GenDecl) {
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
			d.types[s.Name.Name] = newTypeDecl(fset, idx, s, doc)
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
