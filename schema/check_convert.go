package schema

import (
	"errors"
	"maps"
	"slices"
)

// structuralError returns the error kube-apiserver's NewStructural gives when
// it cannot turn s into a structural schema, or nil. It is the first problem
// in upstream's traversal order; properties are visited sorted (upstream's
// order is random, but all of these messages are the same wherever they occur).
func structuralError(s *Schema) error {
	if s == nil {
		return nil
	}
	if err := unsupportedKeywordError(s); err != nil {
		return err
	}
	if err := valueValidationError(s); err != nil {
		return err
	}
	return childrenError(s, structuralError)
}

// nestedError is structuralError for a schema under allOf, anyOf, oneOf or not.
func nestedError(s *Schema) error {
	if s == nil {
		return nil
	}
	if err := unsupportedKeywordError(s); err != nil {
		return err
	}
	if err := valueValidationError(s); err != nil {
		return err
	}
	return childrenError(s, nestedError)
}

// valueValidationError checks the logical junctors, in upstream's order.
func valueValidationError(s *Schema) error {
	if err := nestedError(s.Not); err != nil {
		return err
	}
	for _, list := range [][]*Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, child := range list {
			if err := nestedError(child); err != nil {
				return err
			}
		}
	}
	return nil
}

// childrenError checks the preserve-unknown-fields value and the structural
// children (items, properties, additionalProperties) with convert.
func childrenError(s *Schema, convert func(*Schema) error) error {
	if s.PreserveUnknownFields != nil && !*s.PreserveUnknownFields {
		return errors.New("internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined")
	}
	if s.Unsupported != nil && len(s.Unsupported.ItemsArray) > 0 {
		return errors.New("OpenAPIV3Schema 'items' must be a schema, but is an array")
	}
	if err := convert(s.Items); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if err := convert(s.Properties[name]); err != nil {
			return err
		}
	}
	return convert(s.AdditionalPropertiesSchema())
}

// unsupportedKeywordError reports the first JSON Schema keyword that CRDs do not support.
func unsupportedKeywordError(s *Schema) error {
	u := s.Unsupported
	if u == nil {
		return nil
	}
	var name string
	switch {
	case u.ID != "":
		name = "id"
	case u.SchemaURI != "":
		name = "schema"
	case u.Ref != nil && *u.Ref != "":
		name = "$ref"
	case len(u.PatternProperties) > 0:
		name = "patternProperties"
	case len(u.Dependencies) > 0:
		name = "dependencies"
	case u.AdditionalItems != nil:
		name = "additionalItems"
	case len(u.Definitions) > 0:
		name = "definitions"
	default:
		return nil
	}
	return errors.New("OpenAPIV3Schema '" + name + "' is not supported")
}
