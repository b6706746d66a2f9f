package gen

import (
	"sort"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

// register writes RegisterValidations, which adds the validation function
// of every root type to the scheme, for the subresources the type serves.
func (g *fileGen) register(b *strings.Builder, nodes []*node) {
	if g.t.scheme == nil {
		return
	}
	var roots []*typeInfo
	for _, ti := range g.t.roots {
		if n := g.d.nodes[typeKey(ti.obj.Type())]; n != nil && containsNode(nodes, n) {
			roots = append(roots, ti)
		}
	}
	if len(roots) == 0 {
		return
	}
	if g.t.out.types.Scope().Lookup("localSchemeBuilder") == nil {
		g.ps.at(tags.Pos{File: g.t.out.dir}, "declare `var localSchemeBuilder = runtime.SchemeBuilder{}` (or your registry's builder), or add +k8s:validation-gen-scheme-registry=nil",
			"package %s registers validations but has no localSchemeBuilder", g.t.out.path)
	}
	scheme := g.r.ref(code.Ref{Pkg: g.t.scheme.pkg, Name: g.t.scheme.name})
	b.WriteString("func init() { localSchemeBuilder.Register(RegisterValidations) }\n\n")
	b.WriteString("// RegisterValidations adds the validation functions of this package's types\n")
	b.WriteString("// to scheme. It is public so that any scheme can be built with them.\n")
	b.WriteString("func RegisterValidations(scheme *" + scheme + ") error {\n")
	for _, ti := range roots {
		g.registerType(b, ti)
	}
	b.WriteString("return nil\n}\n\n")
}

func containsNode(nodes []*node, n *node) bool {
	for _, m := range nodes {
		if m == n {
			return true
		}
	}
	return false
}

func (g *fileGen) registerType(b *strings.Builder, ti *typeInfo) {
	t := ti.obj.Type()
	form := g.r.typ(shape.NilableForm(t))
	fn := g.r.fn(code.Ref{Pkg: ti.obj.Pkg().Path(), Name: "Validate_" + ti.obj.Name()})
	b.WriteString("scheme.AddValidationFunc((" + form + ")(nil), func(ctx " + g.r.ref(code.Ref{Pkg: "context", Name: "Context"}) +
		", op " + g.r.ref(code.Ref{Pkg: "k8s.io/apimachinery/pkg/api/operation", Name: "Operation"}) +
		", obj, oldObj any) " + g.r.ref(fieldRef("ErrorList")) + " {\n")
	b.WriteString("switch path := op.Request.SubresourcePath(); path {\n")
	b.WriteString("case " + strings.Join(subresources(ti, g.ps), ", ") + ":\n")
	b.WriteString("old, _ := oldObj.(" + form + ")\n")
	b.WriteString("return " + fn + "(ctx, op, nil, obj.(" + form + "), old)\n")
	b.WriteString("default:\n")
	b.WriteString("return " + g.r.ref(fieldRef("ErrorList")) + "{" + g.r.ref(fieldRef("InternalError")) + "(nil, " +
		g.r.ref(code.Ref{Pkg: "fmt", Name: "Errorf"}) + "(\"no validation found for %T, subresource: %v\", obj, path))}\n")
	b.WriteString("}\n})\n")
}

// subresources returns the quoted subresource paths a root type's
// validation serves: "/" (the resource itself) unless it is a subresource's
// body, plus those named by +k8s:supportsSubresource.
func subresources(ti *typeInfo, ps *problems) []string {
	lines := append(append([]tags.Line(nil), ti.second...), ti.doc...)
	set := map[string]bool{}
	own := parsedOptions(lines, isSubresourceTag, ps)
	switch {
	case len(own) > 1:
		ps.add(Problem{Pos: own[1].Pos, Tag: "+" + own[1].String(), Msg: "a type can be the body of one subresource only"})
	case len(own) == 1:
		set[own[0].Value] = true
	default:
		set["/"] = true
	}
	for _, t := range parsedOptions(lines, supportsSubresourceTag, ps) {
		set[t.Value] = true
	}
	var out []string
	for s := range set {
		out = append(out, strconv.Quote(s))
	}
	sort.Strings(out)
	return out
}

// parsedOptions parses option tags with the tag grammar (quoted values).
func parsedOptions(lines []tags.Line, name string, ps *problems) []tags.Tag {
	var out []tags.Tag
	for _, f := range tags.Extract(lines, name) {
		if f.Name != name {
			continue
		}
		t, err := tags.ParseFound(f)
		if err != nil {
			ps.fromError(f.Pos, err)
			continue
		}
		out = append(out, t)
	}
	return out
}
