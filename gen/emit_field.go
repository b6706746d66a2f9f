package gen

import (
	"go/types"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
)

// fieldGen is what one field's validation function does.
type fieldGen struct {
	name   string // of the generated function
	c      *child
	checks []code.Check // the field's own checks
	// callType says to call the field type's validation function.
	callType bool
	// iterations call element and key types' functions on each element.
	iterations []code.Check
	comments   []string
}

// fieldsOf returns the fields of a struct that have something to validate.
func (g *fileGen) fieldsOf(n *node) []*fieldGen {
	var out []*fieldGen
	for _, c := range n.fields {
		if f := g.fieldOf(n, c); f != nil {
			out = append(out, f)
		}
	}
	return out
}

func (g *fileGen) fieldOf(n *node, c *child) *fieldGen {
	f := &fieldGen{c: c, checks: c.checks.Checks, comments: c.checks.Comments}
	if c.node != nil && c.node.unsupported != "" {
		g.reportUnsupported(c)
		return nil
	}
	if c.node != nil {
		if _, named := c.node.t.(*types.Named); named && c.node.hasValidations() {
			f.callType = true
		}
		if c.node.keyNode().hasValidations() {
			f.iterations = append(f.iterations, c.keyIter.Checks...)
		}
		if c.node.elemNode().hasValidations() {
			f.iterations = append(f.iterations, c.valIter.Checks...)
		}
	}
	if !reportsErrors(f.checks) && !f.callType && len(f.iterations) == 0 {
		// Only guards such as +k8s:optional's, which stop later checks:
		// with none to stop, the field has nothing to validate.
		return nil
	}
	if elem, ok := pointerSliceElem(c.t); ok {
		// Later checks may assume the list has no nil items.
		noNils := code.Check{Tag: "PtrSliceNoNils", Func: code.Runtime("PtrSliceNoNils"),
			TypeArgs: []types.Type{elem}, Flags: code.ShortCircuit}
		f.checks = append([]code.Check{noNils}, f.checks...)
	}
	f.name = g.fieldFuncName(n, c)
	return f
}

// reportsErrors reports whether any check can report an error.
func reportsErrors(checks []code.Check) bool {
	for _, c := range checks {
		if !c.Flags.Has(code.NonError) {
			return true
		}
	}
	return false
}

// reportUnsupported reports a field of a shape the generator cannot
// validate, if anything would have to be validated in it.
func (g *fileGen) reportUnsupported(c *child) {
	inner := c.node.elem != nil && c.node.elem.node.canFail()
	if c.tagged || inner {
		g.ps.at(c.member.Pos, "change the field's type, or validate it with +k8s:customValidation",
			"field %s: %s", c.member.Name, c.node.unsupported)
	}
}

// pointerSliceElem returns T for a field of type []*T (or a typedef of it).
func pointerSliceElem(t types.Type) (types.Type, bool) {
	s, ok := shape.Native(t).(*types.Slice)
	if !ok || !shape.IsPointer(s.Elem()) {
		return nil, false
	}
	return shape.NonPointer(s.Elem()), true
}

// fieldFuncName names a field's function after its type and field,
// avoiding clashes.
func (g *fileGen) fieldFuncName(n *node, c *child) string {
	base := "validate_" + n.t.(*types.Named).Obj().Name() + "_" + c.member.Name
	name := base
	for i := 2; g.funcNames[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	g.funcNames[name] = true
	return name
}

// fieldFunc writes the validation function of one field. It receives the
// struct, so every generated function has the same shape.
func (g *fileGen) fieldFunc(b *strings.Builder, n *node, f *fieldGen) {
	m := f.c.member
	structType := g.r.typ(types.NewPointer(n.t))
	b.WriteString("// " + f.name + " validates field " + n.t.(*types.Named).Obj().Name() + "." + m.Name + ".\n")
	b.WriteString("func " + f.name + "(ctx " + g.r.ref(code.Ref{Pkg: "context", Name: "Context"}) +
		", op " + g.r.ref(code.Ref{Pkg: "k8s.io/apimachinery/pkg/api/operation", Name: "Operation"}) +
		", fldPath *" + g.r.ref(fieldRef("Path")) + ", obj, oldObj " + structType + ") (errs " + g.r.ref(fieldRef("ErrorList")) + ") {\n")
	g.fieldValues(b, m.Name, m.Type, !ratchetsItself(f))
	checks := f.checks
	if guard, rest, ok := leadingGuard(checks); ok {
		// Testing for "not set" needs no path; build it only when needed.
		writeComments(b, guard.Comments)
		b.WriteString("if " + g.r.failed(guard, valueNames) + " {\nreturn nil // not set: nothing to validate\n}\n")
		checks = rest
	}
	g.childPath(b, f.c)
	writeComments(b, f.comments)
	g.r.checks(b, checks, valueNames, !f.callType && len(f.iterations) == 0)
	if f.callType {
		if ratchetsItself(f) {
			b.WriteString("// Unchanged fields of the value are skipped one by one.\n")
		}
		b.WriteString("errs = append(errs, " + g.r.fn(f.c.node.fn) + "(ctx, op, fldPath, value, oldValue)...)\n")
	}
	g.r.checks(b, f.iterations, valueNames, true)
	b.WriteString("return errs\n}\n\n")
}

var valueNames = names{value: "value", old: "oldValue"}

// ratchetsItself reports whether a field only hands its value to its
// type's function, and that function validates nothing but fields: each of
// those skips itself when unchanged, which is cheaper than comparing the
// whole struct first (a reflective deep comparison) and gives the same
// result.
func ratchetsItself(f *fieldGen) bool {
	return f.callType && len(f.checks) == 0 && len(f.iterations) == 0 &&
		len(f.c.node.checks.Checks) == 0 && len(f.c.node.fields) > 0
}

// fieldValues writes the value and old value of the field, in nilable
// form, and, when ratchet is set, returns early when an update left the
// field unchanged: values already accepted are not validated again
// (ratcheting).
func (g *fileGen) fieldValues(b *strings.Builder, field string, t types.Type, ratchet bool) {
	nilable := shape.NilableForm(t)
	ref := ""
	if !shape.Nilable(t) {
		ref = "&"
	}
	b.WriteString("value := " + ref + "obj." + field + "\n")
	b.WriteString("var oldValue " + g.r.typ(nilable) + "\n")
	b.WriteString("if oldObj != nil {\n")
	b.WriteString("oldValue = " + ref + "oldObj." + field + "\n")
	if ratchet {
		b.WriteString("if op.Type == " + g.r.ref(code.Ref{Pkg: "k8s.io/apimachinery/pkg/api/operation", Name: "Update"}) +
			" && " + g.unchanged(t) + " {\nreturn nil // unchanged\n}\n")
	}
	b.WriteString("}\n")
}

// unchanged renders the test that the field kept its value: == where it
// compares contents, slices.Equal and maps.Equal for collections of such
// values (like semantic equality, they treat nil and empty alike, and they
// allocate nothing), semantic deep equality (kval's runtime's, as
// apimachinery's equality.Semantic compares) otherwise.
func (g *fileGen) unchanged(t types.Type) string {
	if elem, ok := shape.Elem(t); ok && shape.DirectComparable(elem) && !shape.IsPointer(t) {
		pkg := "slices"
		if shape.IsMap(t) {
			pkg = "maps"
		}
		return g.r.ref(code.Ref{Pkg: pkg, Name: "Equal"}) + "(value, oldValue)"
	}
	if !shape.DirectComparable(shape.Value(t)) {
		return g.r.ref(code.Runtime("SemanticDeepEqual")) + "(value, oldValue)"
	}
	if shape.Nilable(t) {
		return g.r.ref(code.Runtime("DirectEqual")) + "(value, oldValue)"
	}
	return "*value == *oldValue"
}

// childPath writes the field's path. A field without a JSON name (an
// inlined embedded struct) shares its parent's path, except at the root,
// where it is named after its type as upstream names it (emit_path.go).
func (g *fileGen) childPath(b *strings.Builder, c *child) {
	if c.member.JSON != "" {
		b.WriteString("fldPath = fldPath.Child(" + strconv.Quote(c.member.JSON) + ")\n")
		return
	}
	b.WriteString("if fldPath == nil {\nfldPath = " + g.r.ref(fieldRef("NewPath")) + "(" +
		strconv.Quote(upstreamTypeName(shape.NonPointer(c.t), g.t.out.path)) + ")\n}\n")
}

// leadingGuard finds the lone short circuit of the default cohort when it
// is a "not set" guard, which can be tested before the field's path exists,
// and returns the other checks.
func leadingGuard(checks []code.Check) (code.Check, []code.Check, bool) {
	at := -1
	for i, c := range checks {
		if c.Flags.Has(code.ShortCircuit) && c.Cohort == "" {
			if at >= 0 {
				return code.Check{}, checks, false
			}
			at = i
		}
	}
	if at < 0 {
		return code.Check{}, checks, false
	}
	c := checks[at]
	if !c.Flags.Has(code.NonError) || c.Unset == nil || c.Level != code.Stable {
		return code.Check{}, checks, false
	}
	rest := append(append([]code.Check(nil), checks[:at]...), checks[at+1:]...)
	return c, rest, true
}
