package validators

import (
	"go/constant"
	"go/types"
	"sort"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	enumTag        = "k8s:enum"
	enumExcludeTag = "k8s:enumExclude"
)

// enum implements +k8s:enum on a string type: the allowed values are the
// type's constants, minus those marked +k8s:enumExclude, some of which may
// be excluded only under an option.
type enum struct{ r *Registry }

func (*enum) Doc() Doc {
	return Doc{
		Tag: enumTag, Stability: StabilityStable, Scopes: []Scope{ScopeType},
		Description: "Makes a string type an enum: its values are the constants of the type, except those marked +k8s:enumExclude.",
	}
}

// enumValue is one allowed value and the options that may exclude it.
type enumValue struct {
	constant   *types.Const
	value      string
	comment    string
	exclusions []enumExclusion
}

type enumExclusion struct {
	option      string
	excludeWhen bool
}

func (e *enum) Validations(ctx Context, _ tags.Tag) (Result, error) {
	if !shape.IsString(ctx.Type) || shape.IsPointer(ctx.Type) {
		return Result{}, errorf("can only be used on string types, not %s", describeType(ctx.Type))
	}
	values := enumValues(ctx.Constants)
	name := localName(ctx.Type)
	allowed := code.Var{Name: "symbolsFor" + name, Init: allowedSet(ctx.Type, values)}
	res := Result{Vars: []code.Var{allowed}}
	var exclusions code.Expr = code.Nil{}
	if rules := exclusionRules(ctx.Type, values); len(rules.Elems) > 0 {
		res.Vars = append(res.Vars, code.Var{Name: "exclusionsFor" + name, Init: rules})
		exclusions = code.VarRef{Name: "exclusionsFor" + name}
	}
	res.AddCheck(code.Check{Tag: enumTag, Func: code.Runtime("Enum"),
		Args: []code.Expr{code.VarRef{Name: allowed.Name}, exclusions}})
	return res, nil
}

// enumValues collects the allowed values from the type's constants, sorted
// by constant name. Two constants with the same value (one re-exporting the
// other) count once; the one with the longer comment wins.
func enumValues(constants []*Constant) []*enumValue {
	var values []*enumValue
	for _, c := range constants {
		v, excluded := enumValueOf(c)
		if excluded {
			continue
		}
		values = addEnumValue(values, v)
	}
	sort.Slice(values, func(i, j int) bool { return values[i].constant.Name() < values[j].constant.Name() })
	for _, v := range values {
		sort.Slice(v.exclusions, func(i, j int) bool {
			a, b := v.exclusions[i], v.exclusions[j]
			if a.excludeWhen != b.excludeWhen {
				return !a.excludeWhen
			}
			return a.option < b.option
		})
	}
	return values
}

func enumValueOf(c *Constant) (*enumValue, bool) {
	v := &enumValue{constant: c.Object, value: constant.StringVal(c.Object.Val()), comment: c.Comment}
	for _, t := range c.Tags {
		switch {
		case t.Name == enumExcludeTag:
			return nil, true
		case IsOptionConditional(t.Name) && t.Payload != nil && t.Payload.Name == enumExcludeTag:
			if opt, ok := t.PositionalArg(); ok {
				whenOn := t.Name == ifEnabledTag || t.Name == ifOptionEnabledTag
				v.exclusions = append(v.exclusions, enumExclusion{option: opt.Value, excludeWhen: whenOn})
			}
		}
	}
	return v, false
}

func addEnumValue(values []*enumValue, v *enumValue) []*enumValue {
	for i, existing := range values {
		if existing.value != v.value {
			continue
		}
		if len(existing.comment) < len(v.comment) || (len(existing.comment) == len(v.comment) && existing.comment > v.comment) {
			values[i] = v
		}
		return values
	}
	return append(values, v)
}

func allowedSet(t types.Type, values []*enumValue) code.CallExpr {
	call := code.CallExpr{Func: code.Ref{Pkg: "k8s.io/apimachinery/pkg/util/sets", Name: "New"}}
	for _, v := range values {
		call.Args = append(call.Args, constIdent(v.constant))
	}
	if len(values) == 0 {
		call.TypeArgs = []types.Type{t}
	}
	return call
}

func exclusionRules(t types.Type, values []*enumValue) code.SliceLit {
	rules := code.SliceLit{Elem: code.Runtime("EnumExclusion"), TypeArgs: []types.Type{t}}
	for _, v := range values {
		for _, x := range v.exclusions {
			rules.Elems = append(rules.Elems, code.StructLit{
				Fields: []code.FieldValue{
					{Name: "Value", Value: constIdent(v.constant)},
					{Name: "Option", Value: code.Lit{Value: x.option}},
					{Name: "ExcludeWhen", Value: code.Lit{Value: x.excludeWhen}},
				},
			})
		}
	}
	return rules
}

func constIdent(c *types.Const) code.Ident {
	return code.Ident{Ref: code.Ref{Pkg: c.Pkg().Path(), Name: c.Name()}}
}

// localName is the unqualified name of a named type, for variable names.
func localName(t types.Type) string {
	if n, ok := shape.Named(t); ok {
		return n.Obj().Name()
	}
	return "Value"
}

// enumExclude implements +k8s:enumExclude on a constant. It has no checks of
// its own: +k8s:enum reads it.
type enumExclude struct{}

func (enumExclude) Doc() Doc {
	return Doc{
		Tag: enumExcludeTag, Stability: StabilityAlpha, Scopes: []Scope{ScopeConst},
		Description: "Leaves a constant out of its type's enum.",
		Docs: "Behind +k8s:ifEnabled(<option>)= or +k8s:ifDisabled(<option>)=, the constant is left out only " +
			"in that state of the option; with several such tags, any one that holds leaves it out.",
	}
}

func (enumExclude) Validations(Context, tags.Tag) (Result, error) { return Result{}, nil }
