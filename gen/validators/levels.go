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

// kubeVersion is a Kubernetes minor version as KEP-5073 writes since:
// "1.36", or "v1.36" as its lifecycle examples also do.
var kubeVersion = regexp.MustCompile(`^v?\d+\.\d+$`)

// ownerHandle is a GitHub handle, as KEP-5073's owner argument names the
// person answerable for a rule's graduation.
var ownerHandle = regexp.MustCompile(`^@[A-Za-z0-9][A-Za-z0-9-]*(/[A-Za-z0-9][A-Za-z0-9-]*)?$`)

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
		Usage: "+" + v.tag + `(since: "<major>.<minor>", owner: "@<handle>")=<validation-tag>`,
		Description: fmt.Sprintf("Marks the payload rule as %s %s rule: its errors are marked %s, %s. "+
			"An optional Kubernetes version says since when.", article(level), level, level, levelEffect[v.level]),
		Args: []ArgDoc{{Name: "since", Description: "<version>", Kind: tags.String,
			Docs: "The Kubernetes version the rule entered this stage, e.g. \"1.36\" (or \"v1.36\"). Optional for the generator, as upstream; " +
				"kval gen --lint --current-version warns when it is missing, and when the rule may graduate or is stale."},
			{Name: "owner", Description: "<@handle>", Kind: tags.String,
				Docs: "Who answers for the rule's graduation: a GitHub user or team handle, e.g. \"@jane\" or \"@org/team\"."}},
		Payloads: []PayloadDoc{{Description: "<validation-tag>",
			Docs: fmt.Sprintf("The rule to run as %s %s rule.", article(level), level)}},
		PayloadKind: tags.TagValue, PayloadRequired: true,
		Example: levelExample[v.level],
	}
}

var levelExample = map[code.Level]string{
	code.Alpha: "// +k8s:optional\n// +k8s:alpha(since: \"1.39\", owner: \"@jane\")=+k8s:maximum=10\nBurst int32 `json:\"burst\"`",
	code.Beta:  "// +k8s:optional\n// +k8s:beta(since: \"1.39\")=+k8s:minimum=1\nSize int32 `json:\"size\"`",
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
	if owner, ok := t.NamedArg("owner"); ok && !ownerHandle.MatchString(owner.Value) {
		return Result{}, fixf(`write a GitHub handle, e.g. owner: "@jane" or owner: "@org/team"`,
			"invalid owner %q", owner.Value)
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

// LifecycleExemptTag exempts a field or type from the lifecycle lint.
const LifecycleExemptTag = "k8s:validation-lifecycle-exempt"

// lifecycleExempt implements +k8s:validation-lifecycle-exempt: the alpha
// and beta rules of the field (or of every field of the type) are meant to
// stay at their stage (a rule mirrored by hand-written validation for
// good), so `kval gen --lint --current-version` neither asks for since
// nor suggests graduation or reports them stale. It generates nothing.
type lifecycleExempt struct{}

func (lifecycleExempt) Doc() Doc {
	return Doc{
		// Stable: it changes no verdict, only what the lint says.
		Tag: LifecycleExemptTag, Stability: StabilityStable, Scopes: []Scope{ScopeType, ScopeField},
		Description: "Exempts the field's (or the type's fields') alpha and beta rules from the lifecycle lint: " +
			"no since required, no graduation or staleness warnings. Generates no code.",
		Docs:    "Not in upstream validation-gen nor named by KEP-5073; kval's answer to rules the KEP's lifecycle does not fit.",
		Example: "// +k8s:validation-lifecycle-exempt\n// +k8s:optional\n// +k8s:alpha=+k8s:maxLength=4\nTier string `json:\"tier\"`",
	}
}

func (lifecycleExempt) Validations(Context, tags.Tag) (Result, error) { return Result{}, nil }
