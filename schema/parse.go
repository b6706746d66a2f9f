package schema

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Parse reads one schema from its unstructured JSON form (as decoded by the
// manifest package). Unknown keywords and values of the wrong JSON type are
// errors with their field path under path; the schema returned holds
// everything that could be read.
func Parse(path *field.Path, value any) (*Schema, field.ErrorList) {
	var d decoder
	s := parseSchema(&d, path, value)
	return s, d.errs
}

// keyword reads the value of one keyword into a schema.
type keyword func(d *decoder, s *Schema, path *field.Path, value any)

// keywords are all the keywords of a CRD schema; anything else is an error.
var keywords map[string]keyword

func init() {
	keywords = map[string]keyword{
		"type":        func(d *decoder, s *Schema, p *field.Path, v any) { s.Type = d.str(p, v) },
		"format":      func(d *decoder, s *Schema, p *field.Path, v any) { s.Format = d.str(p, v) },
		"title":       func(d *decoder, s *Schema, p *field.Path, v any) { s.Title = d.str(p, v) },
		"description": func(d *decoder, s *Schema, p *field.Path, v any) { s.Description = d.str(p, v) },
		"default":     func(d *decoder, s *Schema, p *field.Path, v any) { s.Default = v },
		"example":     func(d *decoder, s *Schema, p *field.Path, v any) { s.Example = v },
		"nullable":    func(d *decoder, s *Schema, p *field.Path, v any) { s.Nullable = d.boolean(p, v) },
		"externalDocs": func(d *decoder, s *Schema, p *field.Path, v any) {
			s.ExternalDocs = parseExternalDocs(d, p, v)
		},

		"properties": func(d *decoder, s *Schema, p *field.Path, v any) { s.Properties = parseSchemaMap(d, p, v) },
		"items":      parseItems,
		"additionalProperties": func(d *decoder, s *Schema, p *field.Path, v any) {
			s.AdditionalProperties = parseSchemaOrBool(d, p, v)
		},

		"enum":             func(d *decoder, s *Schema, p *field.Path, v any) { s.Enum = d.array(p, v) },
		"maximum":          func(d *decoder, s *Schema, p *field.Path, v any) { s.Maximum = d.number(p, v) },
		"exclusiveMaximum": func(d *decoder, s *Schema, p *field.Path, v any) { s.ExclusiveMaximum = d.boolean(p, v) },
		"minimum":          func(d *decoder, s *Schema, p *field.Path, v any) { s.Minimum = d.number(p, v) },
		"exclusiveMinimum": func(d *decoder, s *Schema, p *field.Path, v any) { s.ExclusiveMinimum = d.boolean(p, v) },
		"multipleOf":       func(d *decoder, s *Schema, p *field.Path, v any) { s.MultipleOf = d.number(p, v) },
		"maxLength":        func(d *decoder, s *Schema, p *field.Path, v any) { s.MaxLength = d.integer(p, v) },
		"minLength":        func(d *decoder, s *Schema, p *field.Path, v any) { s.MinLength = d.integer(p, v) },
		"pattern":          func(d *decoder, s *Schema, p *field.Path, v any) { s.Pattern = d.str(p, v) },
		"maxItems":         func(d *decoder, s *Schema, p *field.Path, v any) { s.MaxItems = d.integer(p, v) },
		"minItems":         func(d *decoder, s *Schema, p *field.Path, v any) { s.MinItems = d.integer(p, v) },
		"uniqueItems":      func(d *decoder, s *Schema, p *field.Path, v any) { s.UniqueItems = d.boolean(p, v) },
		"maxProperties":    func(d *decoder, s *Schema, p *field.Path, v any) { s.MaxProperties = d.integer(p, v) },
		"minProperties":    func(d *decoder, s *Schema, p *field.Path, v any) { s.MinProperties = d.integer(p, v) },
		"required":         func(d *decoder, s *Schema, p *field.Path, v any) { s.Required = d.strings(p, v) },
		"allOf":            func(d *decoder, s *Schema, p *field.Path, v any) { s.AllOf = parseSchemaList(d, p, v) },
		"anyOf":            func(d *decoder, s *Schema, p *field.Path, v any) { s.AnyOf = parseSchemaList(d, p, v) },
		"oneOf":            func(d *decoder, s *Schema, p *field.Path, v any) { s.OneOf = parseSchemaList(d, p, v) },
		"not":              func(d *decoder, s *Schema, p *field.Path, v any) { s.Not = parseSchema(d, p, v) },

		"x-kubernetes-preserve-unknown-fields": func(d *decoder, s *Schema, p *field.Path, v any) {
			b := d.boolean(p, v)
			s.PreserveUnknownFields = &b
		},
		"x-kubernetes-embedded-resource": func(d *decoder, s *Schema, p *field.Path, v any) { s.EmbeddedResource = d.boolean(p, v) },
		"x-kubernetes-int-or-string":     func(d *decoder, s *Schema, p *field.Path, v any) { s.IntOrString = d.boolean(p, v) },
		"x-kubernetes-list-type":         func(d *decoder, s *Schema, p *field.Path, v any) { s.ListType = d.optionalStr(p, v) },
		"x-kubernetes-list-map-keys":     func(d *decoder, s *Schema, p *field.Path, v any) { s.ListMapKeys = d.strings(p, v) },
		"x-kubernetes-map-type":          func(d *decoder, s *Schema, p *field.Path, v any) { s.MapType = d.optionalStr(p, v) },
		"x-kubernetes-validations": func(d *decoder, s *Schema, p *field.Path, v any) {
			s.Validations = parseValidations(d, p, v)
		},
		"x-kubernetes-mutability": func(d *decoder, s *Schema, p *field.Path, v any) {
			s.Mutability = d.mutability(p, v)
		},
		"x-kubernetes-key-mutability": func(d *decoder, s *Schema, p *field.Path, v any) {
			s.KeyMutability = d.mutability(p, v)
		},

		"id":      func(d *decoder, s *Schema, p *field.Path, v any) { unsupported(s).ID = d.str(p, v) },
		"$schema": func(d *decoder, s *Schema, p *field.Path, v any) { unsupported(s).SchemaURI = d.str(p, v) },
		"$ref":    func(d *decoder, s *Schema, p *field.Path, v any) { unsupported(s).Ref = d.optionalStr(p, v) },
		"patternProperties": func(d *decoder, s *Schema, p *field.Path, v any) {
			unsupported(s).PatternProperties = parseSchemaMap(d, p, v)
		},
		"dependencies": func(d *decoder, s *Schema, p *field.Path, v any) {
			unsupported(s).Dependencies = parseDependencies(d, p, v)
		},
		"additionalItems": func(d *decoder, s *Schema, p *field.Path, v any) {
			unsupported(s).AdditionalItems = parseSchemaOrBool(d, p, v)
		},
		"definitions": func(d *decoder, s *Schema, p *field.Path, v any) {
			unsupported(s).Definitions = parseSchemaMap(d, p, v)
		},
	}
}

func parseSchema(d *decoder, path *field.Path, value any) *Schema {
	m, ok := d.object(path, value)
	if !ok {
		return nil
	}
	s := &Schema{}
	for _, key := range slices.Sorted(maps.Keys(m)) {
		v := m[key]
		parse, known := keywords[key]
		switch {
		case !known:
			d.errs = append(d.errs, field.Forbidden(path.Child(key), "unknown keyword"))
		case v != nil: // a JSON null means the keyword is absent
			parse(d, s, path.Child(key), v)
		}
	}
	return s
}

func unsupported(s *Schema) *Unsupported {
	if s.Unsupported == nil {
		s.Unsupported = &Unsupported{}
	}
	return s.Unsupported
}

// parseItems reads items: a schema, or (unsupported) an array of schemas.
func parseItems(d *decoder, s *Schema, path *field.Path, value any) {
	if list, ok := value.([]any); ok {
		items := make([]*Schema, len(list))
		for i, v := range list {
			items[i] = parseSchema(d, path.Index(i), v)
		}
		unsupported(s).ItemsArray = items
		return
	}
	s.Items = parseSchema(d, path, value)
}

func parseSchemaOrBool(d *decoder, path *field.Path, value any) *SchemaOrBool {
	if b, ok := value.(bool); ok {
		return &SchemaOrBool{Allows: b}
	}
	if s := parseSchema(d, path, value); s != nil {
		return &SchemaOrBool{Allows: true, Schema: s}
	}
	return nil
}

func parseSchemaList(d *decoder, path *field.Path, value any) []*Schema {
	list := d.array(path, value)
	out := make([]*Schema, 0, len(list))
	for i, v := range list {
		if s := parseSchema(d, path.Index(i), v); s != nil {
			out = append(out, s)
		}
	}
	return out
}

func parseSchemaMap(d *decoder, path *field.Path, value any) map[string]*Schema {
	m, ok := d.object(path, value)
	if !ok {
		return nil
	}
	out := make(map[string]*Schema, len(m))
	for name, v := range m {
		if s := parseSchema(d, path.Key(name), v); s != nil {
			out[name] = s
		}
	}
	return out
}

func parseDependencies(d *decoder, path *field.Path, value any) map[string]Dependency {
	m, ok := d.object(path, value)
	if !ok {
		return nil
	}
	out := make(map[string]Dependency, len(m))
	for name, v := range m {
		if _, isList := v.([]any); isList {
			out[name] = Dependency{Properties: d.strings(path.Key(name), v)}
			continue
		}
		out[name] = Dependency{Schema: parseSchema(d, path.Key(name), v)}
	}
	return out
}

func parseExternalDocs(d *decoder, path *field.Path, value any) *ExternalDocs {
	m, ok := d.fields(path, value, "description", "url")
	if !ok {
		return nil
	}
	return &ExternalDocs{
		Description: d.str(path.Child("description"), m["description"]),
		URL:         d.str(path.Child("url"), m["url"]),
	}
}

func parseValidations(d *decoder, path *field.Path, value any) []ValidationRule {
	list := d.array(path, value)
	rules := make([]ValidationRule, 0, len(list))
	for i, v := range list {
		p := path.Index(i)
		m, ok := d.fields(p, v, "rule", "message", "messageExpression", "reason", "fieldPath", "optionalOldSelf")
		if !ok {
			continue
		}
		rule := ValidationRule{
			Rule:              d.str(p.Child("rule"), m["rule"]),
			Message:           d.str(p.Child("message"), m["message"]),
			MessageExpression: d.str(p.Child("messageExpression"), m["messageExpression"]),
			Reason:            d.optionalStr(p.Child("reason"), m["reason"]),
			FieldPath:         d.str(p.Child("fieldPath"), m["fieldPath"]),
		}
		if m["optionalOldSelf"] != nil {
			b := d.boolean(p.Child("optionalOldSelf"), m["optionalOldSelf"])
			rule.OptionalOldSelf = &b
		}
		rules = append(rules, rule)
	}
	return rules
}
