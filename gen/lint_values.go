package gen

import (
	"strconv"
	"strings"

	"github.com/kval-dev/kval/tags"
)

// placed splits a tag into where its rule applies (the tags before the
// last of its chain, e.g. "k8s:eachVal=") and the rule's own tag.
func placed(t tags.Tag) (place string, rule tags.Tag) {
	chain := t.Chain()
	var b strings.Builder
	for _, link := range chain[:len(chain)-1] {
		link.Kind, link.Value, link.Payload = tags.None, "", nil
		b.WriteString(link.String() + "=")
	}
	return b.String(), chain[len(chain)-1]
}

// repeats reports a one-value tag (a bound, a format) written again at the
// same place with another value: both rules apply, the stricter wins, and
// a reader sees only one of them. Identical repeats are duplicates.
func (l *linter) repeats(list []tags.Tag) {
	first := map[string]tags.Tag{}
	for _, t := range list {
		place, rule := placed(t)
		if doc, ok := l.reg.Doc(rule.Name); !ok || !doc.Once || isFieldReference(rule) {
			continue
		}
		prev, seen := first[place+rule.Name]
		switch {
		case !seen:
			first[place+rule.Name] = rule
		case prev.Value != rule.Value:
			l.problem(t, "keep one +"+rule.Name, "repeats +"+prev.String()+" with another value; both apply")
		}
	}
}

// bounds reports a lower bound greater than the upper bound of the same
// value: every value would be refused.
func (l *linter) bounds(list []tags.Tag) {
	uppers := map[string]tags.Tag{}
	for _, t := range list {
		place, rule := placed(t)
		if _, seen := uppers[place+rule.Name]; !seen && !isFieldReference(rule) {
			uppers[place+rule.Name] = rule
		}
	}
	for _, t := range list {
		place, rule := placed(t)
		upperName, isLower := upperOf(rule.Name)
		if !isLower {
			continue
		}
		if upper, ok := uppers[place+upperName]; ok && greater(rule.Value, upper.Value) {
			l.problem(t, "swap or fix the bounds", "greater than +"+upper.String()+", so no value can pass")
		}
	}
}

// isFieldReference reports a bound whose limit is another field
// (+k8s:minimum(constraint: minValue)): it has no number to compare, and
// may sit beside a numeric bound of the same name.
func isFieldReference(rule tags.Tag) bool {
	_, ok := rule.NamedArg("constraint")
	return ok
}

// greater compares two integer tag values; values that do not parse are
// the validators' to report.
func greater(a, b string) bool {
	x, errA := strconv.ParseInt(a, 10, 64)
	y, errB := strconv.ParseInt(b, 10, 64)
	return errA == nil && errB == nil && x > y
}

// capitalTags finds tags written +K8S: or +K8s:. Generators read +k8s:
// only, so such a tag, rule or package option, is silently ignored.
func capitalTags(lines []tags.Line, lint bool) []Problem {
	var out []Problem
	for _, f := range tags.Extract(lines, "") {
		prefix, rest, ok := strings.Cut(f.Name, ":")
		if !ok || prefix == "k8s" || !strings.EqualFold(prefix, "k8s") {
			continue
		}
		fixed := "+k8s:" + rest + strings.TrimPrefix(f.Text, f.Name)
		out = append(out, Problem{Pos: f.Pos, Tag: "+" + f.Text, Msg: "tag in capitals, which generators ignore", Hint: "write " + fixed, Lint: lint})
	}
	return out
}
