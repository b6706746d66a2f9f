package schema

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// rootFieldsWithStatus are the fields of the internal schema type allowed at
// the root when the status subresource is enabled: those whose meaning
// survives when status is validated alone as properties[status]. The names
// are upstream's, which its message lists.
var rootFieldsWithStatus = []string{"Description", "Type", "Format", "Title", "Maximum", "ExclusiveMaximum",
	"Minimum", "ExclusiveMinimum", "MaxLength", "MinLength", "Pattern", "MaxItems", "MinItems", "UniqueItems",
	"MultipleOf", "Required", "Items", "Properties", "ExternalDocs", "Example", "XPreserveUnknownFields", "XValidations"}

// rootField is one field of the internal schema type and whether s sets it
// (is not the zero value; an explicitly empty list or map is set).
type rootField struct {
	name string
	set  func(s *Schema) bool
}

// internalFieldOrder lists the fields of upstream's internal schema type in
// declaration order, which decides which problem is reported first.
var internalFieldOrder = []rootField{
	{"ID", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.ID != "" }},
	{"Schema", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.SchemaURI != "" }},
	{"Ref", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.Ref != nil }},
	{"Description", func(s *Schema) bool { return s.Description != "" }},
	{"Type", func(s *Schema) bool { return s.Type != "" }},
	{"Nullable", func(s *Schema) bool { return s.Nullable }},
	{"Format", func(s *Schema) bool { return s.Format != "" }},
	{"Title", func(s *Schema) bool { return s.Title != "" }},
	{"Default", func(s *Schema) bool { return s.Default != nil }},
	{"Maximum", func(s *Schema) bool { return s.Maximum != nil }},
	{"ExclusiveMaximum", func(s *Schema) bool { return s.ExclusiveMaximum }},
	{"Minimum", func(s *Schema) bool { return s.Minimum != nil }},
	{"ExclusiveMinimum", func(s *Schema) bool { return s.ExclusiveMinimum }},
	{"MaxLength", func(s *Schema) bool { return s.MaxLength != nil }},
	{"MinLength", func(s *Schema) bool { return s.MinLength != nil }},
	{"Pattern", func(s *Schema) bool { return s.Pattern != "" }},
	{"MaxItems", func(s *Schema) bool { return s.MaxItems != nil }},
	{"MinItems", func(s *Schema) bool { return s.MinItems != nil }},
	{"UniqueItems", func(s *Schema) bool { return s.UniqueItems }},
	{"MultipleOf", func(s *Schema) bool { return s.MultipleOf != nil }},
	{"Enum", func(s *Schema) bool { return s.Enum != nil }},
	{"MaxProperties", func(s *Schema) bool { return s.MaxProperties != nil }},
	{"MinProperties", func(s *Schema) bool { return s.MinProperties != nil }},
	{"Required", func(s *Schema) bool { return s.Required != nil }},
	{"Items", func(s *Schema) bool {
		return s.Items != nil || (s.Unsupported != nil && s.Unsupported.ItemsArray != nil)
	}},
	{"AllOf", func(s *Schema) bool { return s.AllOf != nil }},
	{"OneOf", func(s *Schema) bool { return s.OneOf != nil }},
	{"AnyOf", func(s *Schema) bool { return s.AnyOf != nil }},
	{"Not", func(s *Schema) bool { return s.Not != nil }},
	{"Properties", func(s *Schema) bool { return s.Properties != nil }},
	{"AdditionalProperties", func(s *Schema) bool { return s.AdditionalProperties != nil }},
	{"PatternProperties", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.PatternProperties != nil }},
	{"Dependencies", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.Dependencies != nil }},
	{"AdditionalItems", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.AdditionalItems != nil }},
	{"Definitions", func(s *Schema) bool { return s.Unsupported != nil && s.Unsupported.Definitions != nil }},
	{"ExternalDocs", func(s *Schema) bool { return s.ExternalDocs != nil }},
	{"Example", func(s *Schema) bool { return s.Example != nil }},
	{"XPreserveUnknownFields", func(s *Schema) bool { return s.PreserveUnknownFields != nil }},
	{"XEmbeddedResource", func(s *Schema) bool { return s.EmbeddedResource }},
	{"XIntOrString", func(s *Schema) bool { return s.IntOrString }},
	{"XListMapKeys", func(s *Schema) bool { return s.ListMapKeys != nil }},
	{"XListType", func(s *Schema) bool { return s.ListType != nil }},
	{"XMapType", func(s *Schema) bool { return s.MapType != nil }},
	{"XValidations", func(s *Schema) bool { return s.Validations != nil }},
}

// checkStatusRoot restricts the root of a schema whose CRD version has the
// status subresource: type object and only the fields of rootFieldsWithStatus.
// Like upstream, it stops at the first problem in field order.
func checkStatusRoot(s *Schema, path *field.Path) field.ErrorList {
	for _, f := range internalFieldOrder {
		if !f.set(s) {
			continue
		}
		if f.name == "Type" {
			if s.Type != "object" {
				return field.ErrorList{field.Invalid(path.Child("type"), s.Type,
					`only "object" is allowed as the type at the root of the schema if the status subresource is enabled`)}
			}
			continue
		}
		if !contains(rootFieldsWithStatus, f.name) {
			return field.ErrorList{field.Invalid(path, internalSchemaOf(s),
				fmt.Sprintf("only %v fields are allowed at the root of the schema if the status subresource is enabled", rootFieldsWithStatus))}
		}
	}
	return nil
}
