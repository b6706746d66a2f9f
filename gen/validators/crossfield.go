package validators

import (
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

// constraintArg names the field that holds a bound's limit, as KEP-5073
// writes cross-field comparisons: +k8s:minimum(constraint: minValue).
const constraintArg = "constraint"

// addFieldReference documents the constraint form of a numeric bound.
func addFieldReference(d *Doc) {
	d.Args = append(d.Args, ArgDoc{Name: constraintArg, Kind: tags.String, Description: "<field-path>",
		Docs: "instead of a number: the field holding the limit, by JSON names relative to the struct " +
			"declaring this field, dotted to reach into nested structs (minValue, limits.maxValue)"})
	d.ValueOrArg = constraintArg
	if d.Example == "" {
		limit := "limits.maxReplicas"
		if strings.HasSuffix(d.Tag, "minimum") {
			limit = "limits.minReplicas"
		}
		d.Example = "// +k8s:optional\n// +" + d.Tag + "(constraint: " + limit + ")\nReplicas *int32 `json:\"replicas\"`"
	}
	d.Usage = "+" + d.Tag + "=<integer>, or +" + d.Tag + "(constraint: <field-path>)"
	d.Docs = "With constraint, the limit is another field's value (KEP-5073's cross-field comparison). " +
		"The check is hoisted to the struct that declares the field, the nearest common ancestor of " +
		"both, and runs when both are set (a nil pointer, or a nil pointer on the path, is unset; a " +
		"non-pointer zero is a value). On update it runs again only if this field or the constraint " +
		"field changed. Both must have the same integer type underneath."
}

// fieldBound builds a bound whose limit is another field: a check on the
// enclosing struct that reads both fields.
func (v limit) fieldBound(ctx Context, t tags.Tag, s limitSpec) (Result, error) {
	if s.target != "integer" {
		return Result{}, errorf("a field reference is only supported by the numeric bounds")
	}
	if ctx.Scope != ScopeField || !shape.IsStruct(shape.NonPointer(ctx.ParentType)) {
		return Result{}, fixf("write it on a field of a struct", "a field reference needs an enclosing struct")
	}
	arg, _ := t.NamedArg(constraintArg)
	target := fieldPath{{member: ctx.Member}}
	constraint, err := resolveFieldPath(v.r.universe, ctx.ParentType, arg.Value)
	if err != nil {
		return Result{}, err
	}
	if constraint.last().member.Name == ctx.Member.Name && len(constraint) == 1 {
		return Result{}, errorf("a field cannot be bounded by itself")
	}
	want := shape.NonPointer(ctx.Member.Type)
	if got := shape.NonPointer(constraint.last().member.Type); !types.Identical(want.Underlying(), got.Underlying()) {
		return Result{}, fixf("compare fields of one integer type", "constraint %s is %s, the field is %s",
			arg.Value, describeType(got), describeType(want))
	}
	parentPtr := types.NewPointer(ctx.ParentType)
	check := code.Check{Tag: string(v.kind), Func: code.Runtime(s.fn + "Field"), Args: []code.Expr{
		code.Lit{Value: ctx.Member.JSON}, target.accessor(parentPtr, want),
		code.Lit{Value: arg.Value}, constraint.accessor(parentPtr, want),
	}}
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) { return checksOnly(check), nil }}}}, nil
}

// fieldPath is a chain of struct fields from a struct down to a value.
type fieldPath []pathStep

type pathStep struct{ member *Member }

func (p fieldPath) last() pathStep { return p[len(p)-1] }

// resolveFieldPath follows dotted JSON names from the struct t.
func resolveFieldPath(u Universe, t types.Type, dotted string) (fieldPath, error) {
	var out fieldPath
	for i, name := range strings.Split(dotted, ".") {
		if !shape.IsStruct(shape.NonPointer(t)) {
			return nil, errorf("%s: %s is not a struct", dotted, strings.Join(strings.Split(dotted, ".")[:i], "."))
		}
		m := memberByJSON(u, t, name)
		if m == nil {
			return nil, fixf("name a field by its JSON name, relative to the struct that declares this field",
				"%s: no field with JSON name %q", dotted, name)
		}
		out = append(out, pathStep{member: m})
		t = m.Type
	}
	if !shape.IsInteger(shape.NonPointer(t)) {
		return nil, errorf("%s is %s, not an integer", dotted, describeType(t))
	}
	return out, nil
}

// accessor returns func(obj *S) (T, bool): the value at the end of the
// path, converted to T, and false when a pointer on the way is nil.
func (p fieldPath) accessor(parentPtr, result types.Type) code.FuncLit {
	f := code.FuncLit{Params: []code.Param{{Name: "obj", Type: parentPtr}}, Results: []types.Type{result, types.Typ[types.Bool]}}
	var body []any
	expr := "obj"
	for _, step := range p {
		expr += "." + step.member.Name
		if shape.IsPointer(step.member.Type) {
			body = append(body, "if "+expr+" == nil {\nreturn 0, false\n}\n")
		}
	}
	if shape.IsPointer(p.last().member.Type) {
		expr = "*" + expr
	}
	body = append(body, "return ")
	if leaf := p.last().member.Type; types.Identical(shape.NonPointer(leaf), result) {
		body = append(body, expr)
	} else {
		body = append(body, result, "("+expr+")")
	}
	f.Body = code.Text(append(body, ", true")...)
	return f
}
