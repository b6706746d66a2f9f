package openapi

import (
	"github.com/kval-dev/kval/schema"
)

// Names of the extensions kval publishes from a CRD schema.
const (
	extPreserveUnknownFields = "x-kubernetes-preserve-unknown-fields"
	extEmbeddedResource      = "x-kubernetes-embedded-resource"
	extIntOrString           = "x-kubernetes-int-or-string"
	extListMapKeys           = "x-kubernetes-list-map-keys"
	extListType              = "x-kubernetes-list-type"
	extMapType               = "x-kubernetes-map-type"
	extValidations           = "x-kubernetes-validations"
	extMutability            = "x-kubernetes-mutability"
	extKeyMutability         = "x-kubernetes-key-mutability"
)

// convertStructural publishes one node of a structural schema and its
// structural children (items, properties, additionalProperties), as
// kube-apiserver's ToKubeOpenAPI does after Unfold: every keyword and
// extension of the node, int-or-string unfolded into its anyOf.
func convertStructural(s *schema.Schema) *Schema {
	if s == nil {
		return nil
	}
	out := &Schema{}
	setGeneric(out, s)
	setValueValidation(out, unfoldIntOrString(s))
	setExtensions(out, s)
	out.Items = convertStructural(s.Items)
	out.Properties = convertProperties(s.Properties, convertStructural)
	if ap := s.AdditionalProperties; ap != nil {
		out.AdditionalProperties = &SchemaOrBool{Allows: ap.Allows || ap.Schema != nil, Schema: convertStructural(ap.Schema)}
	}
	return out
}

// convertNested publishes a schema inside allOf, anyOf, oneOf or not. Upstream
// models these as value validations, whose conversion has no
// additionalProperties: kube-apiserver drops that keyword there, and so does kval.
func convertNested(s *schema.Schema) *Schema {
	if s == nil {
		return nil
	}
	out := &Schema{}
	setGeneric(out, s)
	setValueValidation(out, s)
	setExtensions(out, s)
	out.Items = convertNested(s.Items)
	out.Properties = convertProperties(s.Properties, convertNested)
	return out
}

// convertProperties keeps an empty properties map empty; it is omitted from JSON either way.
func convertProperties(props map[string]*schema.Schema, convert func(*schema.Schema) *Schema) map[string]*Schema {
	if props == nil {
		return nil
	}
	out := make(map[string]*Schema, len(props))
	for name, p := range props {
		out[name] = convert(p)
	}
	return out
}

// setGeneric copies the keywords that describe a node.
func setGeneric(out *Schema, s *schema.Schema) {
	out.Type = s.Type
	out.Nullable = s.Nullable
	out.Description = s.Description
	out.Title = s.Title
	out.Default = s.Default
	out.Example = s.Example
	if d := s.ExternalDocs; d != nil {
		out.ExternalDocs = &ExternalDocs{Description: d.Description, URL: d.URL}
	}
}

// setValueValidation copies the keywords that constrain values. The
// junctors' members are nested value validations.
func setValueValidation(out *Schema, s *schema.Schema) {
	out.Format = s.Format
	out.Maximum, out.ExclusiveMaximum = s.Maximum, s.ExclusiveMaximum
	out.Minimum, out.ExclusiveMinimum = s.Minimum, s.ExclusiveMinimum
	out.MaxLength, out.MinLength = s.MaxLength, s.MinLength
	out.Pattern = s.Pattern
	out.MaxItems, out.MinItems = s.MaxItems, s.MinItems
	out.UniqueItems = s.UniqueItems
	out.MultipleOf = s.MultipleOf
	out.Enum = s.Enum
	out.MaxProperties, out.MinProperties = s.MaxProperties, s.MinProperties
	out.Required = s.Required
	out.AllOf = convertList(s.AllOf)
	out.AnyOf = convertList(s.AnyOf)
	out.OneOf = convertList(s.OneOf)
	out.Not = convertNested(s.Not)
}

func convertList(list []*schema.Schema) []*Schema {
	if len(list) == 0 {
		return nil
	}
	out := make([]*Schema, len(list))
	for i, s := range list {
		out[i] = convertNested(s)
		if out[i] == nil {
			out[i] = &Schema{} // a null member: kval's model keeps it, upstream's conversion yields an empty schema
		}
	}
	return out
}

// setExtensions publishes the x-kubernetes extensions of a node: the
// boolean ones only when true, the others when set, and kval's mutability
// extensions exactly as written.
func setExtensions(out *Schema, s *schema.Schema) {
	if s.PreservesUnknownFields() {
		out.setExtension(extPreserveUnknownFields, true)
	}
	if s.EmbeddedResource {
		out.setExtension(extEmbeddedResource, true)
	}
	if s.IntOrString {
		out.setExtension(extIntOrString, true)
	}
	if len(s.ListMapKeys) > 0 {
		out.setExtension(extListMapKeys, s.ListMapKeys)
	}
	if s.ListType != nil {
		out.setExtension(extListType, *s.ListType)
	}
	if s.MapType != nil {
		out.setExtension(extMapType, *s.MapType)
	}
	if len(s.Validations) > 0 {
		out.setExtension(extValidations, convertRules(s.Validations))
	}
	setMutability(out, s)
}

// setMutability publishes kval's two extensions as the CRD writes them.
func setMutability(out *Schema, s *schema.Schema) {
	if s == nil {
		return
	}
	if s.Mutability != nil {
		out.setExtension(extMutability, string(*s.Mutability))
	}
	if s.KeyMutability != nil {
		out.setExtension(extKeyMutability, string(*s.KeyMutability))
	}
}

func convertRules(rules []schema.ValidationRule) []ValidationRule {
	out := make([]ValidationRule, len(rules))
	for i, r := range rules {
		out[i] = ValidationRule{
			Rule:              r.Rule,
			Message:           r.Message,
			MessageExpression: r.MessageExpression,
			Reason:            r.Reason,
			FieldPath:         r.FieldPath,
			OptionalOldSelf:   r.OptionalOldSelf,
		}
	}
	return out
}
