package gen

import (
	"go/types"
	"sort"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
)

// typeFunc writes the variables and the validation function of a named
// type, followed by the functions of its fields.
func (g *fileGen) typeFunc(b *strings.Builder, n *node) {
	g.vars(b, n)
	name := n.fn.Name
	typeName := g.r.typ(n.t)
	param := g.r.typ(shape.NilableForm(n.t))
	b.WriteString("// " + name + " validates " + typeName + " values against the rules declared by\n")
	b.WriteString("// +k8s: tags on the type and its fields.\n")
	b.WriteString("func " + name + "(ctx " + g.r.ref(code.Ref{Pkg: "context", Name: "Context"}) +
		", op " + g.r.ref(code.Ref{Pkg: "k8s.io/apimachinery/pkg/api/operation", Name: "Operation"}) +
		", fldPath *" + g.r.ref(fieldRef("Path")) + ", obj, oldObj " + param + ") (errs " + g.r.ref(fieldRef("ErrorList")) + ") {\n")
	objs := names{value: "obj", old: "oldObj"}
	var fields []*fieldGen
	if !n.checks.Opaque {
		fields = g.fieldsOf(n)
	}
	var iterations []code.Check
	if n.keyNode().hasValidations() {
		iterations = append(iterations, n.keyIter.Checks...)
	}
	if n.elemNode().hasValidations() {
		iterations = append(iterations, n.valIter.Checks...)
	}
	writeComments(b, n.checks.Comments)
	g.r.checks(b, n.checks.Checks, objs, len(iterations) == 0 && len(fields) == 0)
	g.r.checks(b, iterations, objs, len(fields) == 0)
	if len(fields) > 0 {
		b.WriteString("if obj == nil {\nreturn errs // a nil struct has no fields to validate\n}\n")
	}
	for _, f := range fields {
		b.WriteString("errs = append(errs, " + f.name + "(ctx, op, fldPath, obj, oldObj)...)\n")
	}
	b.WriteString("return errs\n}\n\n")
	for _, f := range fields {
		g.fieldFunc(b, n, f)
	}
}

// vars writes the package-level variables the type's checks use, sorted by
// name, once each.
func (g *fileGen) vars(b *strings.Builder, n *node) {
	all := append([]code.Var(nil), n.checks.Vars...)
	for _, c := range n.fields {
		all = append(all, c.checks.Vars...)
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	for _, v := range all {
		init := g.r.expr(v.Init)
		if prev, ok := g.declared[v.Name]; ok {
			if prev != init {
				g.ps.at(n.pos, "rename one of the unions or types", "two rules need a variable named %s", v.Name)
			}
			continue
		}
		g.declared[v.Name] = init
		b.WriteString("var " + v.Name + " = " + init + "\n\n")
	}
}

// typeFuncs returns the nodes whose validation function this file defines:
// types of the input package that are roots or used by other types, and
// that have something to validate, sorted by name.
func (g *fileGen) typeFuncs() []*node {
	roots := map[*node]bool{}
	for _, ti := range g.t.roots {
		roots[g.d.nodes[typeKey(ti.obj.Type())]] = true
	}
	var out []*node
	for _, n := range g.d.nodes {
		named, ok := n.t.(*types.Named)
		if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != g.t.input.path {
			continue
		}
		// A registered root needs its function even when it only has guards:
		// registration rejects subresources it does not serve.
		registered := roots[n] && g.t.scheme != nil && n.hasValidations()
		if (registered || (roots[n] || n.referenced) && n.hasValidations()) && n.unsupported == "" {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].fn.Name < out[j].fn.Name })
	return out
}
