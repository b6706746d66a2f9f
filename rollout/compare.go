package rollout

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// matcher compares errors as kube-apiserver's migration checks do: type,
// field path and origin, never the detail text; an Invalid error must
// carry an origin to match, since Invalid alone says nothing of the rule.
var matcher = field.ErrorMatcher{}.ByType().ByField().ByOrigin().RequireOriginWhenInvalid()

// Side says which validation reported an unmatched error.
type Side int

const (
	// OnlyHandWritten: a hand-written error covered by declarative
	// validation that no declarative error matches (declarative is too
	// permissive).
	OnlyHandWritten Side = iota
	// OnlyDeclarative: a declarative error no hand-written error matches
	// (declarative is too strict).
	OnlyDeclarative
)

// Mismatch is one error the other validation did not report.
type Mismatch struct {
	Side  Side
	Error *field.Error
}

// Rule names the rule that differs: the error's origin (the tag, for
// declarative errors) and field.
func (m Mismatch) Rule() string {
	origin := m.Error.Origin
	if origin == "" {
		origin = m.Error.Type.String()
	}
	return fmt.Sprintf("%s at %s", origin, m.Error.Field)
}

func (m Mismatch) String() string {
	if m.Side == OnlyHandWritten {
		return "only hand-written validation reports " + matcher.Render(m.Error)
	}
	return fmt.Sprintf("only declarative validation (%s) reports %s", StabilityOf(m.Error), matcher.Render(m.Error))
}

// Compare matches hand-written errors marked CoveredByDeclarative with
// declarative errors, many to many, and returns what is left on either
// side. Declarative errors for which candidate is false (rules that have
// no hand-written counterpart to agree with) are never reported extra,
// but still match hand-written errors.
func Compare(handWritten, declarative field.ErrorList, candidate func(*field.Error) bool) []Mismatch {
	var out []Mismatch
	matched := make([]bool, len(declarative))
	for _, h := range dedupe(handWritten) {
		if !h.CoveredByDeclarative {
			continue
		}
		if !matchAll(h, declarative, matched) {
			out = append(out, Mismatch{Side: OnlyHandWritten, Error: h})
		}
	}
	for i, d := range declarative {
		if !matched[i] && candidate(d) {
			out = append(out, Mismatch{Side: OnlyDeclarative, Error: d})
		}
	}
	return out
}

// matchAll marks every declarative error h matches, and reports whether
// there was one.
func matchAll(h *field.Error, declarative field.ErrorList, matched []bool) bool {
	found := false
	for i, d := range declarative {
		if matcher.Matches(h, d) {
			matched[i], found = true, true
		}
	}
	return found
}

// dedupe drops hand-written errors that match an earlier one: hand-written
// code sometimes validates a field twice, which is no mismatch.
func dedupe(list field.ErrorList) field.ErrorList {
	var out field.ErrorList
	for _, e := range list {
		dup := false
		for _, kept := range out {
			dup = dup || matcher.Matches(kept, e)
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out
}

// anyError is the candidate filter that reports every declarative error.
func anyError(*field.Error) bool { return true }
