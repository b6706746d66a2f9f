package validators

import (
	"fmt"
	"regexp"
	"strings"

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
	level := strings.ToLower(string(v.level))
	return Doc{
		Tag: v.tag, Stability: StabilityBeta, Scopes: anyValueScopes,
		Usage: "+" + v.tag + `(since: "<major>.<minor>")=<validation-tag>`,
		Description: fmt.Sprintf("Marks the payload rule as %s %s rule: its errors are marked %s, %s. "+
			"An optional Kubernetes version says since when.", article(level), level, level, levelEffect[v.level]),
		Args: []ArgDoc{{Name: "since", Description: "<version>", Kind: tags.String,
			Docs: "The Kubernetes version that introduced the rule, e.g. \"1.34\"."}},
		Payloads: []PayloadDoc{{Description: "<validation-tag>",
			Docs: fmt.Sprintf("The rule to run as %s %s rule.", article(level), level)}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
	}
}

// levelEffect says what a rollout does with errors of each level.
var levelEffect = map[code.Level]string{
	code.Alpha: "so a rollout runs and measures the rule without enforcing it (shadow mode)",
	code.Beta:  "so a rollout enforces the rule unless the beta gate is turned off",
}

// article returns "an" before a vowel, else "a".
func article(word string) string {
	if strings.ContainsRune("aeiouAEIOU", []rune(word)[0]) {
		return "an"
	}
	return "a"
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
