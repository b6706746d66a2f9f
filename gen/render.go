package gen

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/code"
)

// renderer turns the intermediate code of validators into Go source text
// for one generated file. Formatting is left to gofmt.
type renderer struct {
	im *imports
	// resolve maps a reference to a generated function of an input
	// package to the package where that function is generated.
	resolve func(code.Ref) code.Ref
}

// ref renders a package-level identifier, qualified if needed.
func (r *renderer) ref(ref code.Ref) string {
	if q := r.im.name(ref.Pkg, ""); q != "" {
		return q + "." + ref.Name
	}
	return ref.Name
}

// fn renders a reference to a validation function, which for the types of
// an input package lives in the package generated for it.
func (r *renderer) fn(ref code.Ref) string { return r.ref(r.resolve(ref)) }

// typ renders a type with the file's import names.
func (r *renderer) typ(t types.Type) string {
	return types.TypeString(t, r.im.qualifier)
}

func (r *renderer) typeArgs(ts []types.Type) string {
	if len(ts) == 0 {
		return ""
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = r.typ(t)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// expr renders an argument or initializer.
func (r *renderer) expr(e code.Expr) string {
	switch e := e.(type) {
	case code.Lit:
		return literal(e.Value)
	case code.Ident:
		return r.ref(e.Ref)
	case code.VarRef:
		return e.Name
	case code.Nil:
		return "nil"
	case code.Wrap:
		return r.wrap(e)
	case code.WrapAll:
		return r.wrapAll(e)
	case code.FuncLit:
		return r.funcLit(e)
	case code.CallExpr:
		return r.ref(e.Func) + r.typeArgs(e.TypeArgs) + "(" + r.exprList(e.Args, ", ") + ")"
	case code.StructLit:
		return r.structLit(e)
	case code.SliceLit:
		return "[]" + r.ref(e.Elem) + r.typeArgs(e.TypeArgs) + "{\n" + r.exprList(e.Elems, ",\n") + ",\n}"
	}
	panic(fmt.Sprintf("unknown expression %T", e)) // a programming error in a validator
}

func (r *renderer) exprList(es []code.Expr, sep string) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = r.expr(e)
	}
	return strings.Join(parts, sep)
}

func literal(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(v)
}

func (r *renderer) structLit(s code.StructLit) string {
	var b strings.Builder
	if s.Type.Name != "" {
		b.WriteString(r.ref(s.Type) + r.typeArgs(s.TypeArgs))
	}
	b.WriteString("{")
	for i, f := range s.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.Name + ": " + r.expr(f.Value))
	}
	b.WriteString("}")
	return b.String()
}

func (r *renderer) funcLit(f code.FuncLit) string {
	params := make([]string, len(f.Params))
	for i, p := range f.Params {
		params[i] = p.Name + " " + r.typ(p.Type)
	}
	results := make([]string, len(f.Results))
	for i, t := range f.Results {
		results[i] = r.typ(t)
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	body := r.snippet(f.Body)
	if !strings.Contains(body, "\n") {
		return "func(" + strings.Join(params, ", ") + ") " + res + " { " + body + " }"
	}
	return "func(" + strings.Join(params, ", ") + ") " + res + " {\n" + body + "\n}"
}

func (r *renderer) snippet(s code.Snippet) string {
	var b strings.Builder
	for _, part := range s {
		switch p := part.(type) {
		case string:
			b.WriteString(p)
		case types.Type:
			b.WriteString(r.typ(p))
		default:
			panic(fmt.Sprintf("unknown snippet part %T", part)) // a programming error in a validator
		}
	}
	return b.String()
}

// signature renders the parameters every validation function has.
func (r *renderer) signature(value types.Type) string {
	return "ctx " + r.ref(code.Ref{Pkg: "context", Name: "Context"}) +
		", op " + r.ref(code.Ref{Pkg: "k8s.io/apimachinery/pkg/api/operation", Name: "Operation"}) +
		", fldPath *" + r.ref(fieldRef("Path")) +
		", value, oldValue " + r.typ(value)
}

func fieldRef(name string) code.Ref {
	return code.Ref{Pkg: "k8s.io/apimachinery/pkg/util/validation/field", Name: name}
}

// wrap renders a validation function value running one check: the
// function itself when it needs nothing more, else a function literal.
func (r *renderer) wrap(w code.Wrap) string {
	c := w.Check
	if len(c.Args) == 0 && len(c.TypeArgs) == 0 && c.Level == code.Stable {
		return r.fn(c.Func)
	}
	return "func(" + r.signature(w.Value) + ") " + r.ref(fieldRef("ErrorList")) + " {\n" +
		"return " + r.call(c, names{value: "value", old: "oldValue"}) + "\n}"
}

// wrapAll renders a validation function literal running several checks;
// one plain check is rendered as a single-check wrapper.
func (r *renderer) wrapAll(w code.WrapAll) string {
	if len(w.Checks) == 1 && w.Checks[0].Flags == 0 {
		return r.wrap(code.Wrap{Check: w.Checks[0], Value: w.Value})
	}
	var b strings.Builder
	b.WriteString("func(" + r.signature(w.Value) + ") (errs " + r.ref(fieldRef("ErrorList")) + ") {\n")
	r.checks(&b, w.Checks, names{value: "value", old: "oldValue"}, true)
	b.WriteString("return errs\n}")
	return b.String()
}

// names are the variables holding the value being validated.
type names struct{ value, old string }

// call renders a check's call with the standard arguments, marked with its
// stability level. Function arguments go on lines of their own.
func (r *renderer) call(c code.Check, n names) string {
	args := []string{"ctx, op, fldPath, " + n.value + ", " + n.old}
	multiline := false
	for _, a := range c.Args {
		s := r.expr(a)
		multiline = multiline || strings.Contains(s, "\n") || strings.HasPrefix(s, "func(")
		args = append(args, s)
	}
	sep := ", "
	if multiline {
		sep = ",\n"
		args[len(args)-1] += ",\n"
	}
	s := r.fn(c.Func) + r.typeArgs(c.TypeArgs) + "(" + strings.Join(args, sep) + ")"
	switch c.Level {
	case code.Alpha:
		s += ".MarkAlpha()"
	case code.Beta:
		s += ".MarkBeta()"
	}
	return s
}
