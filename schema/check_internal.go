package schema

// kube-apiserver reports a few errors with a whole struct of its internal
// apiextensions API as the bad value (spec.versions, a root schema, items),
// which field.Error renders as JSON with the Go field names of those internal
// types. The types below have the same field names, order and kinds, so that
// kval's messages read exactly like upstream's. kval's own extensions
// (x-kubernetes-mutability) are not part of upstream's types and are left out.

type internalVersion struct {
	Name                     string
	Served                   bool
	Storage                  bool
	Deprecated               bool
	DeprecationWarning       *string
	Schema                   *internalValidation
	Subresources             *internalSubresources
	AdditionalPrinterColumns []internalColumn
	SelectableFields         []internalSelectableField
}

type internalValidation struct {
	OpenAPIV3Schema *internalSchema
}

type internalSubresources struct {
	Status *struct{}
	Scale  *internalScale
}

type internalScale struct {
	SpecReplicasPath   string
	StatusReplicasPath string
	LabelSelectorPath  *string
}

type internalColumn struct {
	Name        string
	Type        string
	Format      string
	Description string
	Priority    int32
	JSONPath    string
}

type internalSelectableField struct {
	JSONPath string
}

type internalSchema struct {
	ID                     string
	Schema                 string
	Ref                    *string
	Description            string
	Type                   string
	Nullable               bool
	Format                 string
	Title                  string
	Default                any
	Maximum                *float64
	ExclusiveMaximum       bool
	Minimum                *float64
	ExclusiveMinimum       bool
	MaxLength              *int64
	MinLength              *int64
	Pattern                string
	MaxItems               *int64
	MinItems               *int64
	UniqueItems            bool
	MultipleOf             *float64
	Enum                   []any
	MaxProperties          *int64
	MinProperties          *int64
	Required               []string
	Items                  *internalItems
	AllOf                  []internalSchema
	OneOf                  []internalSchema
	AnyOf                  []internalSchema
	Not                    *internalSchema
	Properties             map[string]internalSchema
	AdditionalProperties   *internalSchemaOrBool
	PatternProperties      map[string]internalSchema
	Dependencies           map[string]internalDependency
	AdditionalItems        *internalSchemaOrBool
	Definitions            map[string]internalSchema
	ExternalDocs           *ExternalDocs
	Example                any
	XPreserveUnknownFields *bool
	XEmbeddedResource      bool
	XIntOrString           bool
	XListMapKeys           []string
	XListType              *string
	XMapType               *string
	XValidations           []internalRule
}

type internalItems struct {
	Schema      *internalSchema
	JSONSchemas []internalSchema
}

type internalSchemaOrBool struct {
	Allows bool
	Schema *internalSchema
}

type internalDependency struct {
	Schema   *internalSchema
	Property []string
}

type internalRule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            *string
	FieldPath         string
	OptionalOldSelf   *bool
}

func internalVersions(versions []Version) []internalVersion {
	if versions == nil {
		return nil
	}
	out := make([]internalVersion, len(versions))
	for i, v := range versions {
		out[i] = internalVersion{
			Name:               v.Name,
			Served:             v.Served,
			Storage:            v.Storage,
			Deprecated:         v.Deprecated,
			DeprecationWarning: v.DeprecationWarning,
			Schema:             internalValidationOf(v.Schema),
			Subresources:       internalSubresourcesOf(v.Subresources),
			SelectableFields:   internalSelectableFields(v.SelectableFields),
		}
		if v.PrinterColumns != nil {
			out[i].AdditionalPrinterColumns = make([]internalColumn, len(v.PrinterColumns))
			for j, c := range v.PrinterColumns {
				out[i].AdditionalPrinterColumns[j] = internalColumn(c)
			}
		}
	}
	return out
}

func internalValidationOf(v *Validation) *internalValidation {
	if v == nil {
		return nil
	}
	return &internalValidation{OpenAPIV3Schema: internalSchemaOf(v.OpenAPIV3Schema)}
}

func internalSubresourcesOf(s *Subresources) *internalSubresources {
	if s == nil {
		return nil
	}
	out := &internalSubresources{}
	if s.Status {
		out.Status = &struct{}{}
	}
	if s.Scale != nil {
		scale := internalScale(*s.Scale)
		out.Scale = &scale
	}
	return out
}

func internalSelectableFields(fields []SelectableField) []internalSelectableField {
	if fields == nil {
		return nil
	}
	out := make([]internalSelectableField, len(fields))
	for i, f := range fields {
		out[i] = internalSelectableField(f)
	}
	return out
}

// internalSchemaOf converts a schema; nil stays nil.
func internalSchemaOf(s *Schema) *internalSchema {
	if s == nil {
		return nil
	}
	out := &internalSchema{
		Description: s.Description, Type: s.Type, Nullable: s.Nullable, Format: s.Format, Title: s.Title,
		Default: s.Default, Maximum: s.Maximum, ExclusiveMaximum: s.ExclusiveMaximum,
		Minimum: s.Minimum, ExclusiveMinimum: s.ExclusiveMinimum, MaxLength: s.MaxLength, MinLength: s.MinLength,
		Pattern: s.Pattern, MaxItems: s.MaxItems, MinItems: s.MinItems, UniqueItems: s.UniqueItems,
		MultipleOf: s.MultipleOf, Enum: s.Enum, MaxProperties: s.MaxProperties, MinProperties: s.MinProperties,
		Required: s.Required, AllOf: internalList(s.AllOf), OneOf: internalList(s.OneOf), AnyOf: internalList(s.AnyOf),
		Not: internalSchemaOf(s.Not), Properties: internalMap(s.Properties),
		AdditionalProperties: internalSchemaOrBoolOf(s.AdditionalProperties),
		ExternalDocs:         s.ExternalDocs, Example: s.Example,
		XPreserveUnknownFields: s.PreserveUnknownFields, XEmbeddedResource: s.EmbeddedResource,
		XIntOrString: s.IntOrString, XListMapKeys: s.ListMapKeys, XListType: s.ListType, XMapType: s.MapType,
		XValidations: internalRules(s.Validations),
	}
	if s.Items != nil {
		out.Items = &internalItems{Schema: internalSchemaOf(s.Items)}
	}
	if u := s.Unsupported; u != nil {
		addInternalUnsupported(out, u)
	}
	return out
}

func addInternalUnsupported(out *internalSchema, u *Unsupported) {
	out.ID, out.Schema, out.Ref = u.ID, u.SchemaURI, u.Ref
	if u.ItemsArray != nil {
		out.Items = &internalItems{JSONSchemas: internalList(u.ItemsArray)}
	}
	out.PatternProperties = internalMap(u.PatternProperties)
	out.AdditionalItems = internalSchemaOrBoolOf(u.AdditionalItems)
	out.Definitions = internalMap(u.Definitions)
	if u.Dependencies != nil {
		out.Dependencies = make(map[string]internalDependency, len(u.Dependencies))
		for name, d := range u.Dependencies {
			out.Dependencies[name] = internalDependency{Schema: internalSchemaOf(d.Schema), Property: d.Properties}
		}
	}
}

func internalList(list []*Schema) []internalSchema {
	if list == nil {
		return nil
	}
	out := make([]internalSchema, 0, len(list))
	for _, s := range list {
		if c := internalSchemaOf(s); c != nil {
			out = append(out, *c)
		}
	}
	return out
}

func internalMap(m map[string]*Schema) map[string]internalSchema {
	if m == nil {
		return nil
	}
	out := make(map[string]internalSchema, len(m))
	for name, s := range m {
		if c := internalSchemaOf(s); c != nil {
			out[name] = *c
		}
	}
	return out
}

func internalSchemaOrBoolOf(sb *SchemaOrBool) *internalSchemaOrBool {
	if sb == nil {
		return nil
	}
	return &internalSchemaOrBool{Allows: sb.Allows, Schema: internalSchemaOf(sb.Schema)}
}

func internalRules(rules []ValidationRule) []internalRule {
	if rules == nil {
		return nil
	}
	out := make([]internalRule, len(rules))
	for i, r := range rules {
		out[i] = internalRule{Rule: r.Rule, Message: r.Message, MessageExpression: r.MessageExpression,
			Reason: r.Reason, FieldPath: r.FieldPath, OptionalOldSelf: r.OptionalOldSelf}
	}
	return out
}
