package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const subfieldTag = "k8s:subfield"

// subfield implements +k8s:subfield(<json-name>)=<tag>: the payload applies
// to one field of a struct value, as if written on that field. This lets a
// type that embeds a shared struct (e.g. ObjectMeta) add rules to its fields.
type subfield struct{ r *Registry }

func (*subfield) Doc() Doc {
	return Doc{
		Tag: subfieldTag, Stability: StabilityStable, Scopes: anyValueScopes,
		Description: "Applies the payload rule to one field of a struct value, for rules on types the package does not own.",
		Args:        []ArgDoc{{Description: "<field-json-name>", Kind: tags.String, Required: true}},
		Docs:        "The field is named by its JSON name and must belong to the struct itself or to a struct it embeds.",
		Payloads:    []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule the field must follow."}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

func (v *subfield) Validations(ctx Context, t tags.Tag) (Result, error) {
	for p := t.Payload; p != nil; p = p.Payload {
		if p.Name == subfieldTag {
			return Result{}, fixf("put the tag on the nested type instead",
				"nested +%s tags are not supported", subfieldTag)
		}
	}
	if !shape.IsStruct(shape.NonPointer(ctx.Type)) {
		return Result{}, errorf("can only be used on struct types, not %s", describeType(ctx.Type))
	}
	name := t.Args[0].Value
	member := memberByJSON(v.r.universe, ctx.Type, name)
	if member == nil {
		return Result{}, fixf("name a field of "+ctx.Type.String()+" by its JSON name", "no field for JSON name %q", name)
	}
	inner := Context{Scope: ScopeField, Type: member.Type, Path: Child(ctx.Path, name), Member: member,
		ParentPath: ctx.Path, ParentType: ctx.Type, Level: ctx.Level}
	payload, err := v.r.Validations(inner, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	// Whether the field is opaque is known only once every tag is read.
	return Result{Later: []Later{{Target: Here, Build: func() (Result, error) {
		return v.wrap(ctx, inner, payload)
	}}}}, nil
}

// wrap runs the payload's checks, and the short circuits the subfield
// declares itself (e.g. its +k8s:optional), on the subfield.
func (v *subfield) wrap(ctx, inner Context, payload Result) (Result, error) {
	combined := payload
	if !v.r.isOpaqueField(ctx) {
		own, err := v.inheritedShortCircuits(inner)
		if err != nil {
			return Result{}, err
		}
		combined.Add(own)
	}
	sub := subfieldAccess(ctx.Type, inner.Member)
	wrapped := mapChecks(combined, func(c code.Check, target Target) code.Check {
		if target == Enclosing {
			return c
		}
		return code.Check{Tag: subfieldTag, Func: code.Runtime("Subfield"), Flags: c.Flags, Cohort: inner.Member.JSON,
			Args: []code.Expr{code.Lit{Value: inner.Member.JSON}, sub.get, sub.equiv, code.Wrap{Check: c, Value: sub.value}}}
	})
	// The subfield's checks belong to the subfield, even those its tags meant
	// for their enclosing struct.
	for i := range wrapped.Later {
		wrapped.Later[i].Target = Here
	}
	return wrapped, nil
}

type subfieldAccessors struct {
	get   code.FuncLit
	equiv code.Ident
	value types.Type // the nilable type of the subfield's value
}

// subfieldAccess builds the getter of the subfield, as a nilable value, and
// its comparison for ratcheting.
func subfieldAccess(structType types.Type, m *Member) subfieldAccessors {
	value, prefix := m.Type, ""
	if !shape.Nilable(value) {
		value, prefix = types.NewPointer(value), "&"
	}
	return subfieldAccessors{
		get: code.FuncLit{
			Params:  []code.Param{{Name: "o", Type: shape.NilableForm(structType)}},
			Results: []types.Type{value},
			Body:    code.Text("return " + prefix + "o." + m.Name),
		},
		equiv: equalFunc(m.Type),
		value: value,
	}
}

// inheritedShortCircuits returns the short circuits the subfield's own tags
// declare, as non-error checks, so that e.g. an unset optional subfield is
// not validated by the payload either. Each subfield inherits once.
func (v *subfield) inheritedShortCircuits(inner Context) (Result, error) {
	if v.r.facts.inherited[inner.Path] {
		return Result{}, nil
	}
	v.r.facts.inherited[inner.Path] = true
	own, err := v.r.ParseTags(inner.Member.Comments)
	if err != nil {
		return Result{}, err
	}
	res, err := v.r.Validations(inner, own...)
	if err != nil {
		return Result{}, err
	}
	return shortCircuitsOnly(res), nil
}

// shortCircuitsOnly keeps the short-circuit checks of r, made non-error.
func shortCircuitsOnly(r Result) Result {
	var out Result
	for _, c := range r.Checks {
		if c.Flags.Has(code.ShortCircuit) {
			c.Flags |= code.NonError
			out.AddCheck(c)
		}
	}
	for _, l := range r.Later {
		l := l
		out.Later = append(out.Later, Later{Target: l.Target, Build: func() (Result, error) {
			built, err := l.Build()
			if err != nil {
				return Result{}, err
			}
			return shortCircuitsOnly(built), nil
		}})
	}
	return out
}
