package validators

import (
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	ifSubresourceTag    = "k8s:ifSubresource"
	ifNotSubresourceTag = "k8s:ifNotSubresource"
)

// ifSubresource implements +k8s:ifSubresource(<path>)=<tag> and
// +k8s:ifNotSubresource(<path>)=<tag> (KEP-5073, Subresources): the
// payload runs only when the request is, or is not, for that subresource,
// e.g. immutable except through /resize.
type ifSubresource struct {
	r    *Registry
	want bool // true: ifSubresource; false: ifNotSubresource
}

func (v *ifSubresource) tag() string {
	if v.want {
		return ifSubresourceTag
	}
	return ifNotSubresourceTag
}

func (v *ifSubresource) Doc() Doc {
	d := Doc{
		Tag: v.tag(), Stability: StabilityBeta,
		Scopes: []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapKey, ScopeMapVal},
		Args: []ArgDoc{{Description: "<subresource>", Kind: tags.String, Required: true,
			Docs: `The subresource path, with or without its leading "/": status, "/status", "/x/y"; "/" is the resource itself.`}},
		Payloads:    []PayloadDoc{{Description: "<validation-tag>", Docs: "The rule that depends on the subresource."}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
		Docs: "KEP-5073 writes the path in single quotes ('/status'), which no tag grammar reads; write status or \"/status\".",
	}
	if v.want {
		d.Example = "// +k8s:optional\n// +k8s:beta(since: \"1.36\")=+k8s:ifSubresource(status)=+k8s:maxLength=8\nPhase string `json:\"phase\"`"
		d.Description = "Applies the payload rule only to requests for the named subresource."
	} else {
		d.Example = "// +k8s:optional\n// +k8s:beta(since: \"1.36\")=+k8s:ifNotSubresource(\"/resize\")=+k8s:immutable\nResources *string `json:\"resources\"`"
		d.Description = "Applies the payload rule to every request except those for the named subresource."
	}
	return d
}

func (v *ifSubresource) Validations(ctx Context, t tags.Tag) (Result, error) {
	arg, _ := t.PositionalArg()
	path, err := subresourcePath(arg.Value)
	if err != nil {
		return Result{}, err
	}
	payload, err := v.r.Validations(ctx, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	return mapChecks(payload, func(c code.Check, target Target) code.Check {
		var value types.Type = ctx.Type
		if target == Enclosing {
			value = ctx.ParentType
		}
		// IfSubresource returns the wrapped check's errors as they are, so a
		// level already set inside (an update constraint reads it from the
		// context) is marked once, on the call.
		level := c.Level
		c.Level = code.Stable
		return code.Check{Tag: v.tag(), Func: code.Runtime("IfSubresource"), Flags: c.Flags, Level: level,
			Args: []code.Expr{code.Lit{Value: path}, code.Lit{Value: v.want}, code.Wrap{Check: c, Value: shape.NilableForm(value)}}}
	}), nil
}

// subresourcePath normalizes a subresource argument to the form of
// operation.Request.SubresourcePath: "/status", "/" for the resource.
func subresourcePath(arg string) (string, error) {
	path := "/" + strings.Trim(arg, "/")
	if strings.Contains(path, "//") || strings.ContainsAny(path, " \t") {
		return "", fixf(`write it as status or "/status"`, "invalid subresource path %q", arg)
	}
	return path, nil
}
