package validators

import (
	"fmt"
	"regexp"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/tags"
)

const (
	alphaTag = "k8s:alpha"
	betaTag  = "k8s:beta"
)

var kubeVersion = regexp.MustCompile(`^\d+\.\d+$`)

// level implements +k8s:alpha(since: "1.N")=<tag> and +k8s:beta: the
// payload's errors are marked alpha (shadowed: measured, not enforced) or
// beta (enforced unless the beta gate is off). The rollout layer reads the
// marks; the checks themselves run as usual.
type level struct {
	r     *Registry
	tag   string
	level code.Level
}

func (v *level) Doc() Doc {
	return Doc{
		Tag: v.tag, Stability: StabilityBeta, Scopes: anyValueScopes,
		Description: fmt.Sprintf("Marks the given payload validation as a %s validation of the handwritten validation code. An optional Kubernetes version can be specified.", v.level),
		Args: []ArgDoc{{Name: "since", Description: "The Kubernetes version (e.g. `1.34`) at which this validation was added.",
			Kind: tags.String}},
		Payloads: []PayloadDoc{{Description: "<validation-tag>",
			Docs: fmt.Sprintf("The validation tag to evaluate as a %s validation.", v.level)}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

func (v *level) Validations(ctx Context, t tags.Tag) (Result, error) {
	if since, ok := t.NamedArg("since"); ok && !kubeVersion.MatchString(since.Value) {
		return Result{}, fixf(`write the version as <major>.<minor>, e.g. since: "1.34"`,
			"invalid kubernetes version %q", since.Value)
	}
	ctx.Level = v.level
	payload, err := v.r.Validations(ctx, *t.Payload)
	if err != nil {
		return Result{}, err
	}
	return mapChecks(payload, func(c code.Check, _ Target) code.Check {
		if !c.LevelSetInside {
			c.Level = v.level
		}
		return c
	}), nil
}
