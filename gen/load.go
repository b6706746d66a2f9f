package gen

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/kval-dev/kval/tags"
)

// loadMode is what the generator needs of each package: syntax for
// comments and types for shapes. Dependencies come from export data.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedModule

// load loads the packages matching patterns, plus the packages they name as
// their input (+k8s:validation-gen-input) and the read-only packages, in one
// go so that every package sees the same type objects.
func load(dir string, patterns, readOnly []string, outputFile string) (*program, error) {
	pre, err := preload(dir, patterns, outputFile)
	if err != nil {
		return nil, err
	}
	extra := pre.inputs
	cfg := &packages.Config{Mode: loadMode, Dir: dir, Fset: token.NewFileSet(),
		ParseFile: parseWithComments, Tests: false, Overlay: pre.blanked}
	all := append(append(append([]string{}, patterns...), extra...), readOnly...)
	pkgs, err := packages.Load(cfg, all...)
	if err != nil {
		return nil, fmt.Errorf("loading %s: %w", strings.Join(patterns, " "), err)
	}
	warnings, err := loadErrors(pkgs)
	if err != nil {
		return nil, err
	}
	roots, err := matchRoots(dir, patterns)
	if err != nil {
		return nil, err
	}
	prog := newProgram(cfg.Fset, pkgs, roots)
	prog.warnings = warnings
	return prog, nil
}

func parseWithComments(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.ParseComments|parser.SkipObjectResolution)
}

// loadErrors returns the errors that prevent generation (packages that
// cannot be listed or parsed) and, as warnings, type errors: those may come
// from hand-written code that uses generated code about to be replaced.
func loadErrors(pkgs []*packages.Package) (warnings []string, err error) {
	var fatal []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if e.Kind == packages.TypeError {
				warnings = append(warnings, e.Error())
				continue
			}
			fatal = append(fatal, e.Error())
		}
	})
	if len(fatal) == 0 {
		return warnings, nil
	}
	sort.Strings(fatal)
	if len(fatal) > 20 {
		fatal = append(fatal[:20], fmt.Sprintf("... and %d more", len(fatal)-20))
	}
	return nil, fmt.Errorf("packages cannot be loaded:\n  %s", strings.Join(fatal, "\n  "))
}

// matchRoots returns the import paths the patterns match, without types.
func matchRoots(dir string, patterns []string) (map[string]bool, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: dir}, patterns...)
	if err != nil {
		return nil, err
	}
	roots := map[string]bool{}
	for _, p := range pkgs {
		roots[p.PkgPath] = true
	}
	return roots, nil
}

// preloaded is what the generator learns before type-checking anything.
type preloaded struct {
	// inputs are the packages named by +k8s:validation-gen-input.
	inputs []string
	// blanked replaces previously generated files by an empty file of their
	// package, so a stale file (e.g. calling functions that no longer
	// exist) cannot stop its own regeneration.
	blanked map[string][]byte
}

// preload lists the matched packages and reads their doc.go for
// +k8s:validation-gen-input, without type-checking anything.
func preload(dir string, patterns []string, outputFile string) (*preloaded, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: dir}, patterns...)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", strings.Join(patterns, " "), err)
	}
	pre := &preloaded{blanked: map[string][]byte{}}
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			switch filepath.Base(f) {
			case "doc.go":
				for _, t := range packageTagsInFile(f) {
					if t.Name == inputTag && t.Value != "" {
						pre.inputs = append(pre.inputs, t.Value)
					}
				}
			case outputFile:
				pre.blanked[f] = []byte("package " + p.Name + "\n")
			}
		}
	}
	return pre, nil
}

// packageTagsInFile parses the generator options of one doc.go.
func packageTagsInFile(path string) []tags.Tag {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return nil
	}
	var out []tags.Tag
	for _, g := range f.Comments {
		for _, found := range tags.Extract(commentLines(fset, g), "k8s:") {
			if t, err := tags.ParseRaw(found.Text, found.Pos); err == nil {
				out = append(out, t)
			}
		}
	}
	return out
}
