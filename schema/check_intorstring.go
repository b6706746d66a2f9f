package schema

// The two value-validation shapes of x-kubernetes-int-or-string whose
// anyOf entries may carry a type (kube-apiserver accepts them on any node):
//
//	anyOf: [{type: integer}, {type: string}]
//	allOf: [{anyOf: [{type: integer}, {type: string}]}, ...]

func isIntOrStringAnyOf(s *Schema) bool {
	return isIntegerOrString(s.AnyOf)
}

func isIntOrStringAllOf(s *Schema) bool {
	return len(s.AllOf) >= 1 && s.AllOf[0] != nil && isIntegerOrString(s.AllOf[0].AnyOf)
}

func isIntegerOrString(anyOf []*Schema) bool {
	return len(anyOf) == 2 && anyOf[0].IsOnlyType("integer") && anyOf[1].IsOnlyType("string")
}
