package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	ifOptionEnabledTag  = "k8s:ifOptionEnabled"
	ifOptionDisabledTag = "k8s:ifOptionDisabled"
	ifEnabledTag        = "k8s:ifEnabled"
	ifDisabledTag       = "k8s:ifDisabled"
)

// IsOptionConditional reports whether a tag is one of the conditional
// tags, under KEP-5073's names or upstream's.
func IsOptionConditional(name string) bool {
	switch name {
	case ifOptionEnabledTag, ifOptionDisabledTag, ifEnabledTag, ifDisabledTag:
		return true
	}
	return false
}

// ifOption implements +k8s:ifOptionEnabled(<option>)=<tag> and
// +k8s:ifOptionDisabled(<option>)=<tag> (KEP-5073's names), and their
// aliases +k8s:ifEnabled and +k8s:ifDisabled (upstream's): the payload
// runs only when a validation option (usually a feature gate) is on, or off.
type ifOption struct {
	r       *Registry
	tag     string
	enabled bool
	// alias is the KEP name an upstream name stands for ("" for KEP names).
	alias string
}

func (v *ifOption) Doc() Doc {
	state := "on"
	if !v.enabled {
		state = "off"
	}
	d := Doc{
		Tag: v.tag, Stability: StabilityStable,
		Scopes:      []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal, ScopeConst},
		Args:        []ArgDoc{{Description: "<option>", Kind: tags.String, Required: true}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
		Description: "Applies the payload rule only while the named validation option is " + state + ".",
		Payloads:    []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule that depends on the option."}},
	}
	d.Example = "// +k8s:optional\n// +" + v.tag + "(DeepQueues)=+k8s:maximum=100\nDepth int32 `json:\"depth\"`"
	if v.alias != "" {
		d.Docs = "Upstream validation-gen's name for +" + v.alias + "; both mean the same."
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
		return code.Check{Tag: v.tag, Func: code.Runtime("IfOption"), Flags: c.Flags,
			Args: []code.Expr{code.Lit{Value: option.Value}, code.Lit{Value: v.enabled}, code.Wrap{Check: c, Value: shape.NilableForm(value)}}}
	}), nil
}
