package schema

import "reflect"

// IsZero reports whether s sets no keyword at all (a nil s sets none). A
// keyword given explicitly empty (required: [], properties: {}) is set.
// It is derived from Schema's fields by reflection rather than listing
// them, so that a keyword added to Schema counts without further changes.
func (s *Schema) IsZero() bool {
	return s == nil || reflect.ValueOf(s).Elem().IsZero()
}

// IsOnlyType reports whether s sets nothing but type: typ, the way upstream
// compares its converted schemas when it looks for the int-or-string shape
// anyOf: [{type: integer}, {type: string}]. An empty list or map given
// explicitly (required: [], properties: {}) counts as set. What the
// conversion drops does not count: kval's mutability extensions,
// unsupported keywords, explicitly empty enum, allOf, anyOf and oneOf, and
// additionalProperties: false, which value validations have no place for.
// s is meant to have passed the structural checks (lint.CheckCRD), which
// report unsupported keywords that are set.
func (s *Schema) IsOnlyType(typ string) bool {
	if s == nil || s.Type != typ {
		return false
	}
	bare := asConverted(s)
	bare.Type = ""
	if ap := bare.AdditionalProperties; ap != nil && !ap.Allows && ap.Schema == nil {
		bare.AdditionalProperties = nil
	}
	return bare.IsZero()
}

// asConverted returns a copy of s without what does not survive upstream's
// conversion to its internal and structural types, for comparisons of
// schemas as upstream makes them (reflect.DeepEqual of converted schemas):
//
//   - kval's mutability extensions, unknown upstream (kval checks them
//     separately);
//   - unsupported keywords: the structural checks report those that are
//     set, and explicitly empty ones are not converted;
//   - explicitly empty enum, allOf, anyOf and oneOf: the conversion rebuilds
//     them by appending, so they come out nil.
func asConverted(s *Schema) *Schema {
	bare := *s
	bare.Mutability, bare.KeyMutability, bare.Unsupported = nil, nil, nil
	if len(bare.Enum) == 0 {
		bare.Enum = nil
	}
	for _, list := range []*[]*Schema{&bare.AllOf, &bare.AnyOf, &bare.OneOf} {
		if len(*list) == 0 {
			*list = nil
		}
	}
	return &bare
}
