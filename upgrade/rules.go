package upgrade

import "github.com/kval-dev/kval/schema"

// rules reports x-kubernetes-validations rules added, changed or removed,
// matched by their expression: a rule whose expression is unchanged but
// whose message, reason or fieldPath changed is changed; a rule with a new
// expression is new (kube-apiserver also compiles it as new).
func (d *differ) rules(old, now *schema.Schema, path string) {
	before := map[string]schema.ValidationRule{}
	for _, r := range old.Validations {
		before[r.Rule] = r
	}
	after := map[string]bool{}
	for _, r := range now.Validations {
		after[r.Rule] = true
		prev, ok := before[r.Rule]
		switch {
		case !ok:
			d.add(Warning, RuleAdded, path, "new rule %q: objects that break it are rejected on create, and on update once the value changes", r.Rule)
		case !sameRule(prev, r):
			d.add(Warning, RuleChanged, path, "rule %q changed its message, reason, fieldPath or optionalOldSelf", r.Rule)
		}
	}
	for _, r := range old.Validations {
		if !after[r.Rule] {
			d.add(Info, RuleRemoved, path, "rule %q removed", r.Rule)
		}
	}
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
