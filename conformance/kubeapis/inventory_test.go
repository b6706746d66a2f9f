package kubeapis

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// function is one generated validation function.
type function struct {
	pkg      string // import path of the generated package
	name     string // Validate_X
	typePkg  string // import path of the validated type's package
	typeName string
}

func (f function) key() string { return f.pkg + "." + f.name }

// inventory is what one generated file holds.
type inventory struct {
	funcs        []function
	roots        map[string][]string // type key (typePkg.typeName) → subresources
	options      []string
	registration bool
}

var optionUse = regexp.MustCompile(`validate\.IfOption\([^"]*"([^"]+)"`)

// readInventory parses a generated file of package pkg.
func readInventory(t *testing.T, file, pkg string) *inventory {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatalf("parsing %s: %v", file, err)
	}
	imports := importsOf(f)
	inv := &inventory{roots: map[string][]string{}}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil {
			continue
		}
		switch {
		case strings.HasPrefix(fd.Name.Name, "Validate_"):
			if tp, tn, ok := objectType(fd, imports, pkg); ok {
				inv.funcs = append(inv.funcs, function{pkg: pkg, name: fd.Name.Name, typePkg: tp, typeName: tn})
			}
		case fd.Name.Name == "RegisterValidations":
			inv.registration = true
			registrations(fd, imports, pkg, inv.roots)
		}
	}
	inv.options = optionsIn(t, file)
	return inv
}

// importsOf maps a file's import names to paths.
func importsOf(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(path)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		out[name] = path
	}
	return out
}

// objectType reads the type of a function's obj parameter (*pkg.T or *T).
func objectType(fd *ast.FuncDecl, imports map[string]string, pkg string) (string, string, bool) {
	params := fd.Type.Params.List
	if len(params) != 4 || len(params[3].Names) != 2 {
		return "", "", false
	}
	star, ok := params[3].Type.(*ast.StarExpr)
	if !ok {
		return "", "", false
	}
	return typeRef(star.X, imports, pkg)
}

func typeRef(e ast.Expr, imports map[string]string, pkg string) (string, string, bool) {
	switch x := e.(type) {
	case *ast.Ident:
		return pkg, x.Name, true
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			return imports[id.Name], x.Sel.Name, true
		}
	}
	return "", "", false
}

// registrations reads the types RegisterValidations registers and the
// subresources each serves.
func registrations(fd *ast.FuncDecl, imports map[string]string, pkg string, roots map[string][]string) {
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return true
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "AddValidationFunc" {
			return true
		}
		tp, tn, ok := registeredType(call.Args[0], imports, pkg)
		if ok {
			roots[tp+"."+tn] = subresourcesIn(call.Args[1])
		}
		return false
	})
}

// registeredType reads (*pkg.T)(nil).
func registeredType(e ast.Expr, imports map[string]string, pkg string) (string, string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", "", false
	}
	paren, ok := call.Fun.(*ast.ParenExpr)
	if !ok {
		return "", "", false
	}
	star, ok := paren.X.(*ast.StarExpr)
	if !ok {
		return "", "", false
	}
	return typeRef(star.X, imports, pkg)
}

// subresourcesIn collects the subresource paths of a registration's
// switch cases, other than the main resource.
func subresourcesIn(n ast.Node) []string {
	set := map[string]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, _ := strconv.Unquote(lit.Value); s != "/" {
						set[s] = true
					}
				}
			}
		}
		return true
	})
	var out []string
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
