package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// The lifecycle lint (KEP-5073, "Lifecycle: Promotion Process"): an alpha
// rule shadows for one release before it may become beta; a beta rule
// soaks one release before it may become standard. It runs only when the
// current Kubernetes version is known (--current-version), since every
// verdict depends on it, and it warns: graduating is a decision backed by
// mismatch metrics, which kval cannot see.
const (
	// graduateAfter is the releases a stage needs before graduating.
	graduateAfter = 1
	// staleAfter is the releases after which a rule still in alpha or
	// beta is stale: graduate it or say why not (+k8s:validation-lifecycle-exempt).
	staleAfter = 3
)

// kubeMinor is a Kubernetes version, major and minor.
type kubeMinor struct{ major, minor int }

// parseKubeMinor reads "1.36" or "v1.36".
func parseKubeMinor(s string) (kubeMinor, error) {
	major, minor, ok := strings.Cut(strings.TrimPrefix(s, "v"), ".")
	maj, err1 := strconv.Atoi(major)
	mnr, err2 := strconv.Atoi(minor)
	if !ok || err1 != nil || err2 != nil || maj < 0 || mnr < 0 {
		return kubeMinor{}, fmt.Errorf("invalid Kubernetes version %q: want <major>.<minor>, e.g. 1.36", s)
	}
	return kubeMinor{maj, mnr}, nil
}

// releasesSince counts minor releases from v to current; Kubernetes has
// stayed at major 1, so a different major only compares as before or after.
func (current kubeMinor) releasesSince(v kubeMinor) int {
	if current.major != v.major {
		return (current.major - v.major) * 100
	}
	return current.minor - v.minor
}

// lifecycle warns about one comment's alpha and beta rules.
func (l *linter) lifecycle(list []tags.Tag, exempt bool) {
	if l.current == nil || exempt || hasTag(list, validators.LifecycleExemptTag) {
		return
	}
	for _, t := range list {
		if t.Name == "k8s:alpha" || t.Name == "k8s:beta" {
			l.lifecycleRule(t)
		}
	}
}

func (l *linter) lifecycleRule(t tags.Tag) {
	stage := strings.TrimPrefix(t.Name, "k8s:")
	since, ok := t.NamedArg("since")
	if !ok {
		l.warn(t, fmt.Sprintf(`write +k8s:%s(since: "%d.%d")=...`, stage, l.current.major, l.current.minor),
			stage+" rule without since: KEP-5073 dates every stage of a rule")
		return
	}
	v, err := parseKubeMinor(since.Value)
	if err != nil {
		return // the tag itself reports a malformed version
	}
	n := l.current.releasesSince(v)
	switch {
	case n < 0:
		l.warn(t, "check since and --current-version", fmt.Sprintf("since %s is after the current version %d.%d", since.Value, l.current.major, l.current.minor))
	case n >= staleAfter:
		l.warn(t, "graduate it, remove it, or mark the field +k8s:validation-lifecycle-exempt",
			fmt.Sprintf("stale: %s since %s, %d releases ago", stage, since.Value, n))
	case n >= graduateAfter:
		l.warn(t, graduationHint(stage, *l.current), fmt.Sprintf("may graduate: %s since %s, %d release(s) ago", stage, since.Value, n))
	}
}

// graduationHint says what the next stage is, for the KEP's process.
func graduationHint(stage string, current kubeMinor) string {
	if stage == "alpha" {
		return fmt.Sprintf(`once its mismatch metrics are clean, write +k8s:beta(since: "%d.%d")=...`, current.major, current.minor)
	}
	return "once beta has been stable, remove the prefix and delete the hand-written validation"
}

// warn records a lifecycle warning with the tag's position.
func (l *linter) warn(t tags.Tag, hint, msg string) {
	tag := t.Source
	if tag == "" {
		tag = t.String()
	}
	*l.warnings = append(*l.warnings, Problem{Pos: t.Pos, Tag: "+" + tag, Msg: msg, Hint: hint, Lint: true}.String())
}

func hasTag(list []tags.Tag, name string) bool {
	for _, t := range list {
		if t.Name == name {
			return true
		}
	}
	return false
}
