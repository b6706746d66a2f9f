package upgrade

import (
	"reflect"
	"slices"

	"github.com/kval-dev/kval/schema"
)

// A schema's constraints may sit on the node itself or in its allOf
// branches, which all apply: moving an enum or a bound between them (as
// generators do when they inline a shared definition) changes nothing a
// value must satisfy. The changes are judged on the effective constraints.

// effectiveEnum is the set of values the node and its allOf branches all
// allow; constrained is false when none of them has an enum.
func effectiveEnum(s *schema.Schema) (allowed []any, constrained bool) {
	for _, part := range conjuncts(s) {
		if len(part.Enum) == 0 {
			continue
		}
		if !constrained {
			allowed, constrained = part.Enum, true
			continue
		}
		allowed = slices.DeleteFunc(slices.Clone(allowed), func(v any) bool { return !containsValue(part.Enum, v) })
	}
	return allowed, constrained
}

// effectiveBound is the tightest value of one bound over the node and its
// allOf branches; nil when none sets it.
func effectiveBound(b bound, s *schema.Schema) *float64 {
	var out *float64
	for _, part := range conjuncts(s) {
		v := b.get(part)
		if v != nil && (out == nil || (*v < *out) == b.upper) {
			out = v
		}
	}
	return out
}

// conjuncts are the node and its allOf branches, recursively: the schemas a
// value must all satisfy.
func conjuncts(s *schema.Schema) []*schema.Schema {
	out := []*schema.Schema{s}
	for _, part := range s.AllOf {
		if part != nil {
			out = append(out, conjuncts(part)...)
		}
	}
	return out
}

func containsValue(list []any, v any) bool {
	return slices.ContainsFunc(list, func(x any) bool { return reflect.DeepEqual(x, v) })
}
