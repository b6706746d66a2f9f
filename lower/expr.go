package lower

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"
)

// exprFn builds a CEL expression about a pair of values, given the CEL
// expressions of the new value (cur) and the old one (old). Rules are built
// as exprFns so that they can be moved up the schema (see lift.go) by
// substituting the expressions that reach the values from higher up.
type exprFn func(cur, old string) string

// namer hands out the variable names of comprehensions, unique within a
// rule, so that nested macros never shadow each other.
type namer struct{ n int }

func (nm *namer) fresh(prefix string) string {
	nm.n++
	return prefix + strconv.Itoa(nm.n)
}

// member is the CEL expression of property name of the value expr;
// ok is false when the name has no CEL form.
func member(expr, name string) (string, bool) {
	escaped, ok := apiservercel.Escape(name)
	if !ok {
		return "", false
	}
	return expr + "." + escaped, true
}

// hasMember is has(expr.name), for a name that has a CEL form.
func hasMember(expr, name string) string {
	m, _ := member(expr, name)
	return "has(" + m + ")"
}

var identifier = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// fieldPathOf is the fieldPath of an x-kubernetes-validations rule that
// names property name of the rule's node; "" when it cannot be written.
func fieldPathOf(name string) string {
	switch {
	case identifier.MatchString(name):
		return "." + name
	case !strings.ContainsAny(name, `'\`):
		return "['" + name + "']"
	}
	return ""
}

// and joins conditions; "true" stands for none.
func and(conds ...string) string {
	var kept []string
	for _, c := range conds {
		if c != "" && c != "true" {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return "true"
	}
	if len(kept) == 1 {
		return kept[0]
	}
	return "(" + strings.Join(kept, ") && (") + ")"
}

// indexList is the CEL literal of the indices 0 to n-1.
func indexList(n int64) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, i)
	}
	b.WriteByte(']')
	return b.String()
}
