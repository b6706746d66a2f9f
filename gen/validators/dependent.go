package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

type dependencyMode string

const (
	dependencyRequired  dependencyMode = "k8s:dependentRequired"
	dependencyForbidden dependencyMode = "k8s:dependentForbidden"
)

// dependency implements +k8s:dependentRequired(<sibling>) and
// +k8s:dependentForbidden(<sibling>) on a trigger field: when the trigger is
// set, the sibling must (or must not) be set too. The check runs on the
// enclosing struct, which sees both fields.
type dependency struct {
	r    *Registry
	mode dependencyMode
}

func (v *dependency) Doc() Doc {
	d := Doc{
		Tag: string(v.mode), Stability: StabilityAlpha, Scopes: fieldOnly,
		Args: []ArgDoc{{Description: "<sibling-field-json-name>", Kind: tags.String, Required: true}},
	}
	if v.mode == dependencyRequired {
		d.Description = "When this field is set, the named sibling field must be set too."
		d.Docs = "Set means a non-nil pointer, a non-empty list or map, or a non-zero value. The rule " +
			"goes one way only: the sibling may be set alone. Repeat the tag for several siblings."
	} else {
		d.Description = "When this field is set, the named sibling field must not be set."
		d.Docs = "Set means a non-nil pointer, a non-empty list or map, or a non-zero value. The rule " +
			"goes one way only: the sibling may be set alone. Repeat the tag for several siblings."
	}
	return d
}

func (v *dependency) Validations(ctx Context, t tags.Tag) (Result, error) {
	if len(t.Args) != 1 {
		return Result{}, fixf("name one sibling per tag; repeat the tag for more", "expected exactly one argument naming the dependent field, got %d", len(t.Args))
	}
	if !shape.IsStruct(shape.NonPointer(ctx.ParentType)) {
		return Result{}, errorf("the parent type must be a struct")
	}
	name := t.Args[0].Value
	dependent := memberByJSON(v.r.universe, ctx.ParentType, name)
	switch {
	case dependent == nil:
		return Result{}, fixf("name a sibling field by its JSON name", "no sibling field with JSON name %q", name)
	case dependent.Name == ctx.Member.Name:
		return Result{}, errorf("trigger and dependent field must be different (both are %q)", name)
	case ctx.Member.JSON == "":
		return Result{}, fixf("give the field a JSON name", "trigger field %q has no JSON name", ctx.Member.Name)
	}
	for _, m := range []*Member{ctx.Member, dependent} {
		switch shape.Native(m.Type).(type) {
		case *types.Pointer, *types.Map, *types.Slice, *types.Basic:
		default:
			return Result{}, errorf("field %q has unsupported type kind %s", m.Name, shape.KindName(m.Type))
		}
	}
	fn := "DependentRequired"
	if v.mode == dependencyForbidden {
		fn = "DependentForbidden"
	}
	parentPtr := types.NewPointer(ctx.ParentType)
	check := code.Check{Tag: string(v.mode), Func: code.Runtime(fn), Args: []code.Expr{
		code.Lit{Value: ctx.Member.JSON}, isSetFunc(parentPtr, ctx.Member),
		code.Lit{Value: name}, isSetFunc(parentPtr, dependent),
	}}
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) { return checksOnly(check), nil }}}}, nil
}
