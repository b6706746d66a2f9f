package gen

import (
	"go/token"

	"github.com/kval-dev/kval/tags"
)

// Kubernetes 1.36's validation-gen read a bare package tag value as a field
// name (+k8s:validation-gen=TypeMeta); 1.37 spells it TypesWithField=. kval
// reads both, so packages that follow upstream one release behind generate
// as written, and notes the current form.

// isFieldName reports whether a package tag value is a bare Go field name
// (1.36's form), not a keyword of the current form.
func isFieldName(v string) bool {
	return token.IsIdentifier(v) && v != "true" && v != "false"
}

// fieldFilter turns 1.36's bare field name into the current filter, with a
// note naming the current form.
func fieldFilter(v tags.Tag, ps *problems) string {
	current := "TypesWithField=" + v.Value
	ps.note(Problem{Pos: v.Pos, Tag: "+" + v.String(), Msg: "Kubernetes 1.36's form of the package tag, read as " + current,
		Hint: "write +" + mainTag + "=" + current})
	return current
}
