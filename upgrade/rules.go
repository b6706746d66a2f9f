package upgrade

import (
	"regexp"

	"github.com/kval-dev/kval/schema"
)

// rules reports x-kubernetes-validations rules added, changed or removed,
// matched by their expression: a rule whose expression is unchanged but
// whose message, reason or fieldPath changed is changed; a new expression
// that takes the place of a removed one (same message, or same position)
// is one rule changed, not a rule added and another removed (kube-apiserver
// compiles it as new all the same).
func (d *differ) rules(old, now *schema.Schema, path string) {
	before := map[string]schema.ValidationRule{}
	for _, r := range old.Validations {
		before[r.Rule] = r
	}
	after := map[string]bool{}
	for _, r := range now.Validations {
		after[r.Rule] = true
	}
	replaced := replacedRules(old.Validations, now.Validations, before, after)
	for _, r := range now.Validations {
		prev, ok := before[r.Rule]
		switch {
		case replaced[r.Rule] != "":
			d.add(Warning, RuleChanged, path, "rule %q changed to %q: %s", replaced[r.Rule], r.Rule, whoBreaks(r, "the new rule"))
		case !ok:
			d.add(Warning, RuleAdded, path, "new rule %q: %s", r.Rule, whoBreaks(r, "it"))
		case !sameRule(prev, r):
			d.add(Warning, RuleChanged, path, "rule %q changed its message, reason, fieldPath or optionalOldSelf", r.Rule)
		}
	}
	gone := map[string]bool{}
	for _, old := range replaced {
		gone[old] = true
	}
	for _, r := range old.Validations {
		if !after[r.Rule] && !gone[r.Rule] {
			d.add(Info, RuleRemoved, path, "rule %q removed", r.Rule)
		}
	}
}

// replacedRules pairs the new expressions with the removed ones they
// replace, new expression to old: by message first, then by position.
func replacedRules(old, now []schema.ValidationRule, before map[string]schema.ValidationRule, after map[string]bool) map[string]string {
	var removed, added []int
	for i, r := range old {
		if !after[r.Rule] {
			removed = append(removed, i)
		}
	}
	for i, r := range now {
		if _, ok := before[r.Rule]; !ok {
			added = append(added, i)
		}
	}
	out := map[string]string{}
	taken := map[int]bool{}
	for _, a := range added {
		for _, r := range removed {
			if !taken[r] && sameMessage(old[r], now[a]) {
				out[now[a].Rule], taken[r] = old[r].Rule, true
				break
			}
		}
	}
	for _, a := range added {
		if _, paired := out[now[a].Rule]; !paired && a < len(old) && !after[old[a].Rule] && !taken[a] {
			out[now[a].Rule], taken[a] = old[a].Rule, true
		}
	}
	return out
}

func sameMessage(a, b schema.ValidationRule) bool {
	return (a.Message != "" || a.MessageExpression != "") && a.Message == b.Message && a.MessageExpression == b.MessageExpression
}

// whoBreaks says which requests a rule rejects: a transition rule (one that
// reads oldSelf) runs on updates only, unless optionalOldSelf makes it run
// on creates too.
func whoBreaks(r schema.ValidationRule, it string) string {
	if readsOldSelf(r.Rule) && (r.OptionalOldSelf == nil || !*r.OptionalOldSelf) {
		return "updates that break " + it + " are rejected (a transition rule: creates are not checked)"
	}
	return "objects that break " + it + " are rejected on create, and on update once the value changes"
}

var (
	celStringLiteral = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
	oldSelfWord      = regexp.MustCompile(`\boldSelf\b`)
)

// readsOldSelf reports whether an expression names oldSelf outside its
// string literals (CEL's own check binds oldSelf the same way).
func readsOldSelf(rule string) bool {
	return oldSelfWord.MatchString(celStringLiteral.ReplaceAllString(rule, `""`))
}

func sameRule(a, b schema.ValidationRule) bool {
	return a.Message == b.Message && a.MessageExpression == b.MessageExpression && a.FieldPath == b.FieldPath &&
		ptrEqual(a.Reason, b.Reason) && ptrEqual(a.OptionalOldSelf, b.OptionalOldSelf)
}

func ptrEqual[T comparable](a, b *T) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
