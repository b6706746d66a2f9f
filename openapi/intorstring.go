package openapi

import "github.com/kval-dev/kval/schema"

// unfoldIntOrString makes explicit the value validation that
// x-kubernetes-int-or-string implies, as kube-apiserver's Unfold does before
// publishing: a node without one of the two accepted int-or-string shapes
// gains anyOf: [{type: integer}, {type: string}], or, when it has an anyOf
// of its own, an allOf entry with that anyOf in front. s is not changed.
func unfoldIntOrString(s *schema.Schema) *schema.Schema {
	if !s.IntOrString || isIntOrStringAnyOf(s.AnyOf) || isIntOrStringAllOf(s.AllOf) {
		return s
	}
	unfolded := *s
	if len(s.AnyOf) == 0 {
		unfolded.AnyOf = intOrStringAnyOf()
		return &unfolded
	}
	unfolded.AllOf = append([]*schema.Schema{{AnyOf: intOrStringAnyOf()}}, s.AllOf...)
	return &unfolded
}

func intOrStringAnyOf() []*schema.Schema {
	return []*schema.Schema{{Type: "integer"}, {Type: "string"}}
}

// isIntOrStringAllOf reports the shape allOf: [{anyOf: [{type: integer}, {type: string}]}, ...].
func isIntOrStringAllOf(allOf []*schema.Schema) bool {
	return len(allOf) > 0 && allOf[0] != nil && isIntOrStringAnyOf(allOf[0].AnyOf)
}

// isIntOrStringAnyOf reports the shape anyOf: [{type: integer}, {type: string}].
func isIntOrStringAnyOf(anyOf []*schema.Schema) bool {
	return len(anyOf) == 2 && anyOf[0].IsOnlyType("integer") && anyOf[1].IsOnlyType("string")
}
