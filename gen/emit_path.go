package gen

import (
	"go/types"
	"path"
	"strings"
)

// An embedded struct inlined into its parent shares the parent's path; a
// function called with a nil path names it after its type, as upstream's
// validation-gen does: upstream writes the type as its generated file does,
// unqualified in the package itself, else qualified by the import name
// gengo gives the type's package. kval writes the same name, whatever name
// its own file imports the package under, so the errors' paths match.

// upstreamTypeName names a type as upstream writes it in the generated
// file of package outPath.
func upstreamTypeName(t types.Type, outPath string) string {
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return types.TypeString(t, nil)
	}
	pkg := named.Obj().Pkg().Path()
	if pkg == outPath {
		return named.Obj().Name()
	}
	return gengoImportName(pkg, path.Base(outPath)) + "." + named.Obj().Name()
}

// gengoImportName is the name gengo's import tracker gives a package: the
// shortest tail of its path, segments joined without '.', '-' and '_', that
// is not the generated package's own name.
func gengoImportName(importPath, localLeaf string) string {
	clean := strings.NewReplacer("_", "", ".", "", "-", "")
	dirs := strings.Split(importPath, "/")
	for n := len(dirs) - 1; n >= 0; n-- {
		if name := clean.Replace(strings.Join(dirs[n:], "")); name != localLeaf {
			return name
		}
	}
	return clean.Replace(importPath)
}
