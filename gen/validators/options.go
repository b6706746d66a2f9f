package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	ifEnabledTag  = "k8s:ifEnabled"
	ifDisabledTag = "k8s:ifDisabled"
)

// ifOption implements +k8s:ifEnabled(<option>)=<tag> and
// +k8s:ifDisabled(<option>)=<tag>: the payload runs only when a validation
// option (usually a feature gate) is on, or off.
type ifOption struct {
	r       *Registry
	enabled bool
}

func (v *ifOption) tag() string {
	if v.enabled {
		return ifEnabledTag
	}
	return ifDisabledTag
}

func (v *ifOption) Doc() Doc {
	d := Doc{
		Tag: v.tag(), Stability: StabilityStable,
		Scopes:      []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal, ScopeConst},
		Args:        []ArgDoc{{Description: "<option>", Kind: tags.String, Required: true}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
	if v.enabled {
		d.Description = "Applies the payload rule only while the named validation option is on."
		d.Payloads = []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule that depends on the option."}}
	} else {
		d.Description = "Applies the payload rule only while the named validation option is off."
		d.Payloads = []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule that depends on the option."}}
	}
	return d
}

func (v *ifOption) Validations(ctx Context, t tags.Tag) (Result, error) {
	option, _ := t.PositionalArg()
	payload, err := v.r.Validations(ctx, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	return mapChecks(payload, func(c code.Check, target Target) code.Check {
		// A check bound for the enclosing struct validates the struct.
		var value types.Type = ctx.Type
		if target == Enclosing {
			value = ctx.ParentType
		}
		return code.Check{Tag: v.tag(), Func: code.Runtime("IfOption"), Flags: c.Flags,
			Args: []code.Expr{code.Lit{Value: option.Value}, code.Lit{Value: v.enabled}, code.Wrap{Check: c, Value: shape.NilableForm(value)}}}
	}), nil
}
