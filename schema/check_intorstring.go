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
	return len(anyOf) == 2 && isOnlyType(anyOf[0], "integer") && isOnlyType(anyOf[1], "string")
}

// isOnlyType reports whether s sets nothing but type: typ. Like upstream's
// comparison of converted schemas, an empty list or map given explicitly
// (required: [], properties: {}) counts as set, while additionalProperties:
// false, which the conversion drops in value validations, does not.
// kval's mutability extensions are ignored: they are checked separately.
// s has passed structuralError, so its unsupported keywords are all empty.
func isOnlyType(s *Schema, typ string) bool {
	if s == nil || s.Type != typ {
		return false
	}
	bare := *s
	bare.Type, bare.Mutability, bare.KeyMutability = "", nil, nil
	bare.Unsupported = nil // empty unsupported keywords do not survive the conversion
	if bare.AdditionalProperties != nil && !bare.AdditionalProperties.Allows {
		bare.AdditionalProperties = nil
	}
	if len(bare.Enum) == 0 {
		bare.Enum = nil // upstream rebuilds enum by appending
	}
	for _, list := range []*[]*Schema{&bare.AllOf, &bare.AnyOf, &bare.OneOf} {
		if len(*list) == 0 {
			*list = nil // rebuilt by appending, too
		}
	}
	return isZeroSchema(&bare)
}

// isZeroSchema reports whether s has no keyword at all.
func isZeroSchema(s *Schema) bool {
	return s.Format == "" && s.Title == "" && s.Description == "" && s.Default == nil && s.Example == nil &&
		!s.Nullable && s.ExternalDocs == nil && s.Properties == nil && s.Items == nil &&
		s.AdditionalProperties == nil && s.Enum == nil && s.Maximum == nil && !s.ExclusiveMaximum &&
		s.Minimum == nil && !s.ExclusiveMinimum && s.MultipleOf == nil && s.MaxLength == nil &&
		s.MinLength == nil && s.Pattern == "" && s.MaxItems == nil && s.MinItems == nil && !s.UniqueItems &&
		s.MaxProperties == nil && s.MinProperties == nil && s.Required == nil && s.AllOf == nil &&
		s.AnyOf == nil && s.OneOf == nil && s.Not == nil && s.PreserveUnknownFields == nil &&
		!s.EmbeddedResource && !s.IntOrString && s.ListType == nil && s.ListMapKeys == nil &&
		s.MapType == nil && s.Validations == nil && s.Mutability == nil && s.KeyMutability == nil &&
		s.Unsupported == nil
}
