package gen

import (
	"fmt"
	"go/token"
	"go/types"
	"path"
	"sort"
	"strings"
)

// imports names the packages a generated file uses. Each package gets its
// own name, or, when that name is taken (by another import or by an
// identifier of the generated package), a numbered variant.
type imports struct {
	self   string            // the generated package's import path
	byPath map[string]string // import path -> name used in the file
	taken  map[string]bool
}

// wellKnownNames are the names the generated code's imports normally have.
var wellKnownNames = map[string]string{
	"context":                               "context",
	"fmt":                                   "fmt",
	"k8s.io/apimachinery/pkg/api/operation": "operation",
	"k8s.io/apimachinery/pkg/util/validation/field": "field",
	"k8s.io/apimachinery/pkg/util/sets":             "sets",
	"k8s.io/apimachinery/pkg/runtime":               "runtime",
	"github.com/kval-dev/kval/validate":             "validate",
}

// generatedNames are the identifiers generated code declares inside
// functions; an import may not shadow them, nor be shadowed by them.
var generatedNames = []string{"ctx", "op", "fldPath", "obj", "oldObj", "value", "oldValue",
	"errs", "e", "stop", "old", "path", "a", "b", "item", "list", "o", "zero", "scheme"}

func newImports(self *pkgInfo) *imports {
	im := &imports{self: self.path, byPath: map[string]string{}, taken: map[string]bool{}}
	for _, name := range self.types.Scope().Names() {
		im.taken[name] = true
	}
	for _, name := range generatedNames {
		im.taken[name] = true
	}
	return im
}

// name returns the name to qualify identifiers of pkgPath with, or "" for
// the generated package itself. pkgName is the package's declared name, if
// known.
func (im *imports) name(pkgPath, pkgName string) string {
	if pkgPath == "" || pkgPath == im.self {
		return ""
	}
	if n, ok := im.byPath[pkgPath]; ok {
		return n
	}
	base := pkgName
	if base == "" {
		base = wellKnownNames[pkgPath]
	}
	if base == "" {
		base = sanitizePkgName(path.Base(pkgPath))
	}
	n := base
	for i := 2; im.taken[n] || token.IsKeyword(n); i++ {
		n = fmt.Sprintf("%s%d", base, i)
	}
	im.taken[n] = true
	im.byPath[pkgPath] = n
	return n
}

// qualifier qualifies go/types names for types.TypeString.
func (im *imports) qualifier(p *types.Package) string {
	if p == nil {
		return ""
	}
	return im.name(p.Path(), p.Name())
}

// block renders the import declaration, standard library first.
func (im *imports) block() string {
	if len(im.byPath) == 0 {
		return ""
	}
	var std, other []string
	for p, n := range im.byPath {
		line := fmt.Sprintf("%q", p)
		if n != path.Base(p) {
			line = n + " " + line
		}
		if strings.Contains(strings.Split(p, "/")[0], ".") {
			other = append(other, line)
		} else {
			std = append(std, line)
		}
	}
	sort.Strings(std)
	sort.Strings(other)
	var b strings.Builder
	b.WriteString("import (\n")
	for _, l := range std {
		b.WriteString("\t" + l + "\n")
	}
	if len(std) > 0 && len(other) > 0 {
		b.WriteString("\n")
	}
	for _, l := range other {
		b.WriteString("\t" + l + "\n")
	}
	b.WriteString(")\n")
	return b.String()
}

// sanitizePkgName makes a package name from a path element ("k8s-uuid"
// becomes "k8suuid").
func sanitizePkgName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || (b.String()[0] >= '0' && b.String()[0] <= '9') {
		return "pkg" + b.String()
	}
	return b.String()
}
