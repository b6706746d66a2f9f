package stdgen

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// comments holds the doc comment lines of the types of some packages and
// of their struct fields: the comment group that ends on the line before
// the declaration, as openapi-gen reads it.
type comments struct {
	types  map[string][]string // "pkgpath.Type"
	fields map[string][]string // "pkgpath.Type.Field"
}

// readComments parses the Go files of the packages.
func readComments(pkgPaths []string) (*comments, error) {
	c := &comments{types: map[string][]string{}, fields: map[string][]string{}}
	for _, pkg := range pkgPaths {
		if err := c.readPackage(pkg); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *comments) readPackage(pkgPath string) error {
	found, err := build.Default.Import(pkgPath, ".", build.FindOnly)
	if err != nil {
		return fmt.Errorf("locating %s: %w", pkgPath, err)
	}
	entries, err := os.ReadDir(found.Dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if err := c.readFile(pkgPath, filepath.Join(found.Dir, name)); err != nil {
			return err
		}
	}
	return nil
}

func (c *comments) readFile(pkgPath, path string) error {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return err
	}
	endingOn := map[int]*ast.CommentGroup{}
	for _, g := range file.Comments {
		endingOn[fset.Position(g.End()).Line] = g
	}
	docOf := func(pos token.Pos) []string {
		return splitLines(endingOn[fset.Position(pos).Line-1].Text())
	}
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.TypeSpec)
		if !ok {
			return true
		}
		typeKey := pkgPath + "." + spec.Name.Name
		c.types[typeKey] = docOf(spec.Name.Pos())
		if st, ok := spec.Type.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				for _, name := range fieldNames(f) {
					c.fields[typeKey+"."+name] = docOf(f.Pos())
				}
			}
		}
		return false
	})
	return nil
}

// fieldNames are the names of a field declaration; an embedded field is
// named after its type.
func fieldNames(f *ast.Field) []string {
	if len(f.Names) > 0 {
		names := make([]string, len(f.Names))
		for i, n := range f.Names {
			names[i] = n.Name
		}
		return names
	}
	t := f.Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t := t.(type) {
	case *ast.Ident:
		return []string{t.Name}
	case *ast.SelectorExpr:
		return []string{t.Sel.Name}
	}
	return nil
}

// splitLines splits comment text into lines, none for an empty comment.
// (*ast.CommentGroup).Text is nil-safe.
func splitLines(text string) []string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return nil
	}
	return lines
}
