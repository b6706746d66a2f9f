package crd

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// loadMode is what the generator needs of the packages it generates from:
// syntax for comments, types for shapes. Dependencies come from export
// data; their comments are read on demand (decls.go).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule

// program is the loaded code.
type program struct {
	dir   string
	fset  *token.FileSet
	roots []*packages.Package // sorted by import path
	decls map[string]*pkgDecls
	// pkgInfos are the packages' markers, read once (packages.go).
	pkgInfos map[string]*pkgInfo
	// ps collects every problem of the run.
	ps *problems
	// own and ownModules are the root packages and their modules: any
	// other package is foreign (foreign.go).
	own        map[string]bool
	ownModules []string
}

// load loads the packages matching patterns.
func load(dir string, patterns []string) (*program, error) {
	fset := token.NewFileSet()
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Fset: fset, ParseFile: parseWithComments}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err)
	}
	if err := loadErrors(pkgs); err != nil {
		return nil, err
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	prog := &program{dir: dir, fset: fset, roots: pkgs, decls: map[string]*pkgDecls{},
		pkgInfos: map[string]*pkgInfo{}, ps: &problems{}}
	prog.recordOwnModules()
	for _, p := range pkgs {
		prog.decls[p.PkgPath] = newPkgDecls(fset, p.Syntax)
	}
	return prog, nil
}

func parseWithComments(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
}

// loadErrors refuses packages that do not build: a CRD generated from
// types the compiler rejects would describe code that does not exist.
func loadErrors(pkgs []*packages.Package) error {
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
	})
	if len(msgs) == 0 {
		return nil
	}
	if len(msgs) > 20 {
		msgs = append(msgs[:20], fmt.Sprintf("... and %d more", len(msgs)-20))
	}
	return fmt.Errorf("packages cannot be loaded:\n  %s", strings.Join(msgs, "\n  "))
}

// declsOf returns the declarations of a package, parsing a package outside
// the patterns (e.g. metav1, for Condition's comments) the first time.
func (prog *program) declsOf(pkgPath string) *pkgDecls {
	if d, ok := prog.decls[pkgPath]; ok {
		return d
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax,
		Dir: prog.dir, Fset: prog.fset, ParseFile: parseWithComments}
	d := &pkgDecls{types: map[string]*typeDecl{}, consts: map[string]*constDecl{}}
	if pkgs, err := packages.Load(cfg, pkgPath); err == nil && len(pkgs) == 1 {
		d = newPkgDecls(prog.fset, pkgs[0].Syntax)
	}
	prog.decls[pkgPath] = d
	return d
}
