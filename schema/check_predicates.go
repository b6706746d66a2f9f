package schema

import (
	"maps"
	"slices"
)

// schemaHas reports whether pred holds for s or any schema nested in it,
// through every keyword that holds schemas (the unsupported ones too).
func schemaHas(s *Schema, pred func(*Schema) bool) bool {
	if s == nil {
		return false
	}
	if pred(s) {
		return true
	}
	found := false
	forEachChild(s, func(child *Schema) {
		found = found || schemaHas(child, pred)
	})
	return found
}

// forEachChild calls fn for every schema directly nested in s.
func forEachChild(s *Schema, fn func(*Schema)) {
	fn(s.Items)
	for _, list := range [][]*Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, child := range list {
			fn(child)
		}
	}
	fn(s.Not)
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		fn(s.Properties[name])
	}
	fn(s.AdditionalPropertiesSchema())
	if u := s.Unsupported; u != nil {
		for _, child := range u.ItemsArray {
			fn(child)
		}
		for _, name := range slices.Sorted(maps.Keys(u.PatternProperties)) {
			fn(u.PatternProperties[name])
		}
		if u.AdditionalItems != nil {
			fn(u.AdditionalItems.Schema)
		}
		for _, name := range slices.Sorted(maps.Keys(u.Definitions)) {
			fn(u.Definitions[name])
		}
		for _, name := range slices.Sorted(maps.Keys(u.Dependencies)) {
			fn(u.Dependencies[name].Schema)
		}
	}
}

// hasSchemaWith reports whether pred holds somewhere in the top-level or a per-version schema.
func (spec *CRDSpec) hasSchemaWith(pred func(*Schema) bool) bool {
	if spec.Validation != nil && schemaHas(spec.Validation.OpenAPIV3Schema, pred) {
		return true
	}
	for _, v := range spec.Versions {
		if v.Schema != nil && schemaHas(v.Schema.OpenAPIV3Schema, pred) {
			return true
		}
	}
	return false
}

func (spec *CRDSpec) hasDefaults() bool {
	return spec.hasSchemaWith(func(s *Schema) bool { return s.Default != nil })
}

// preservesUnknownFields reports spec.preserveUnknownFields: true. The loader
// leaves it unset for v1, where it means false.
func (spec *CRDSpec) preservesUnknownFields() bool {
	return spec.PreserveUnknownFields != nil && *spec.PreserveUnknownFields
}

func (spec *CRDSpec) hasPerVersionSchema() bool {
	for _, v := range spec.Versions {
		if v.Schema != nil {
			return true
		}
	}
	return false
}

func (spec *CRDSpec) hasPerVersionSubresources() bool {
	for _, v := range spec.Versions {
		if v.Subresources != nil {
			return true
		}
	}
	return false
}

func (spec *CRDSpec) hasPerVersionColumns() bool {
	for _, v := range spec.Versions {
		if len(v.PrinterColumns) > 0 {
			return true
		}
	}
	return false
}

// subresourcesOf returns the subresources that apply to a version: the
// per-version ones when any version has some, else the top-level ones.
func (spec *CRDSpec) subresourcesOf(version string) *Subresources {
	if !spec.hasPerVersionSubresources() {
		return spec.Subresources
	}
	for _, v := range spec.Versions {
		if v.Name == version {
			return v.Subresources
		}
	}
	return nil
}

// anyStatusEnabled reports whether the top level or any version enables the status subresource.
func (spec *CRDSpec) anyStatusEnabled() bool {
	if statusEnabled(spec.Subresources) {
		return true
	}
	for _, v := range spec.Versions {
		if statusEnabled(v.Subresources) {
			return true
		}
	}
	return false
}

func statusEnabled(s *Subresources) bool {
	return s != nil && s.Status
}

// Schemas returns the openAPIV3Schemas of a CRD: the top-level one and each
// version's own, nil ones left out.
func (c *CRD) Schemas() []*Schema {
	var out []*Schema
	if c.Spec.Validation != nil && c.Spec.Validation.OpenAPIV3Schema != nil {
		out = append(out, c.Spec.Validation.OpenAPIV3Schema)
	}
	for _, v := range c.Spec.Versions {
		if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
			out = append(out, v.Schema.OpenAPIV3Schema)
		}
	}
	return out
}

// IsStructural reports whether s is a structural schema: convertible, and
// without errors of kube-apiserver's ValidateStructural.
func IsStructural(s *Schema) bool { return !isNonStructural(s) }
