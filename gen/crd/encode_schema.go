package crd

import "github.com/kval-dev/kval/schema"

// schemaObject is a schema as JSON, with every keyword a CRD accepts.
func schemaObject(s *schema.Schema) map[string]any {
	if s == nil {
		return nil
	}
	out := map[string]any{}
	putString(out, "type", s.Type)
	putString(out, "format", s.Format)
	putString(out, "title", s.Title)
	putString(out, "description", s.Description)
	putString(out, "pattern", s.Pattern)
	putAny(out, "default", s.Default)
	putAny(out, "example", s.Example)
	putFlag(out, "nullable", s.Nullable)
	putFlag(out, "exclusiveMinimum", s.ExclusiveMinimum)
	putFlag(out, "exclusiveMaximum", s.ExclusiveMaximum)
	putFlag(out, "uniqueItems", s.UniqueItems)
	putFlag(out, "x-kubernetes-embedded-resource", s.EmbeddedResource)
	putFlag(out, "x-kubernetes-int-or-string", s.IntOrString)
	putFlag(out, "x-kubernetes-preserve-unknown-fields", s.PreservesUnknownFields())
	putNumber(out, "minimum", s.Minimum)
	putNumber(out, "maximum", s.Maximum)
	putNumber(out, "multipleOf", s.MultipleOf)
	for k, v := range map[string]*int64{"minLength": s.MinLength, "maxLength": s.MaxLength, "minItems": s.MinItems,
		"maxItems": s.MaxItems, "minProperties": s.MinProperties, "maxProperties": s.MaxProperties} {
		if v != nil {
			out[k] = *v
		}
	}
	putStrings(out, "required", s.Required)
	putStrings(out, "x-kubernetes-list-map-keys", s.ListMapKeys)
	putOptString(out, "x-kubernetes-list-type", s.ListType)
	putOptString(out, "x-kubernetes-map-type", s.MapType)
	putMutability(out, "x-kubernetes-mutability", s.Mutability)
	putMutability(out, "x-kubernetes-key-mutability", s.KeyMutability)
	if len(s.Enum) > 0 {
		out["enum"] = s.Enum
	}
	structure(out, s)
	if len(s.Validations) > 0 {
		out["x-kubernetes-validations"] = rulesObject(s.Validations)
	}
	return out
}

func structure(out map[string]any, s *schema.Schema) {
	if len(s.Properties) > 0 {
		props := map[string]any{}
		for k, p := range s.Properties {
			props[k] = schemaObject(p)
		}
		out["properties"] = props
	}
	if s.Items != nil {
		out["items"] = schemaObject(s.Items)
	}
	if ap := s.AdditionalProperties; ap != nil {
		if ap.Schema != nil {
			out["additionalProperties"] = schemaObject(ap.Schema)
		} else {
			out["additionalProperties"] = ap.Allows
		}
	}
	for k, list := range map[string][]*schema.Schema{"allOf": s.AllOf, "anyOf": s.AnyOf, "oneOf": s.OneOf} {
		if len(list) > 0 {
			items := make([]any, len(list))
			for i, x := range list {
				items[i] = schemaObject(x)
			}
			out[k] = items
		}
	}
	if s.Not != nil {
		out["not"] = schemaObject(s.Not)
	}
}

func rulesObject(rules []schema.ValidationRule) []any {
	out := make([]any, len(rules))
	for i, r := range rules {
		m := map[string]any{"rule": r.Rule}
		putString(m, "message", r.Message)
		putString(m, "messageExpression", r.MessageExpression)
		putString(m, "fieldPath", r.FieldPath)
		putOptString(m, "reason", r.Reason)
		if r.OptionalOldSelf != nil {
			m["optionalOldSelf"] = *r.OptionalOldSelf
		}
		out[i] = m
	}
	return out
}

func putAny(m map[string]any, k string, v any) {
	if v != nil {
		m[k] = v
	}
}

func putFlag(m map[string]any, k string, v bool) {
	if v {
		m[k] = true
	}
}

func putNumber(m map[string]any, k string, v *float64) {
	if v == nil {
		return
	}
	if *v == float64(int64(*v)) {
		m[k] = int64(*v)
		return
	}
	m[k] = *v
}

func putOptString(m map[string]any, k string, v *string) {
	if v != nil {
		m[k] = *v
	}
}

func putMutability(m map[string]any, k string, v *schema.Mutability) {
	if v != nil {
		m[k] = string(*v)
	}
}
