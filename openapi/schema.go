package openapi

// Schema is one OpenAPI v3 schema object of the document: a published CRD
// schema node, a kind or list schema, a standard definition, or a
// parameter's type. The JSON field order is kube-openapi's (spec.Schema);
// Extensions (the x- keys) come after the keywords, sorted by name.
type Schema struct {
	Description          string             `json:"description,omitempty"`
	Type                 string             `json:"type,omitempty"`
	Nullable             bool               `json:"nullable,omitempty"`
	Format               string             `json:"format,omitempty"`
	Title                string             `json:"title,omitempty"`
	Default              any                `json:"default,omitempty"`
	Maximum              *float64           `json:"maximum,omitempty"`
	ExclusiveMaximum     bool               `json:"exclusiveMaximum,omitempty"`
	Minimum              *float64           `json:"minimum,omitempty"`
	ExclusiveMinimum     bool               `json:"exclusiveMinimum,omitempty"`
	MaxLength            *int64             `json:"maxLength,omitempty"`
	MinLength            *int64             `json:"minLength,omitempty"`
	Pattern              string             `json:"pattern,omitempty"`
	MaxItems             *int64             `json:"maxItems,omitempty"`
	MinItems             *int64             `json:"minItems,omitempty"`
	UniqueItems          bool               `json:"uniqueItems,omitempty"`
	MultipleOf           *float64           `json:"multipleOf,omitempty"`
	Enum                 []any              `json:"enum,omitempty"`
	MaxProperties        *int64             `json:"maxProperties,omitempty"`
	MinProperties        *int64             `json:"minProperties,omitempty"`
	Required             []string           `json:"required,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	AllOf                []*Schema          `json:"allOf,omitempty"`
	OneOf                []*Schema          `json:"oneOf,omitempty"`
	AnyOf                []*Schema          `json:"anyOf,omitempty"`
	Not                  *Schema            `json:"not,omitempty"`
	Properties           map[string]*Schema `json:"properties,omitempty"`
	AdditionalProperties *SchemaOrBool      `json:"additionalProperties,omitempty"`
	ExternalDocs         *ExternalDocs      `json:"externalDocs,omitempty"`
	Example              any                `json:"example,omitempty"`
	Ref                  string             `json:"$ref,omitempty"`

	// Extensions are the x- keys: x-kubernetes-* as kube-apiserver publishes
	// them, and kval's x-kubernetes-mutability and
	// x-kubernetes-key-mutability as the CRD writes them.
	Extensions map[string]any `json:"-"`
}

// SchemaOrBool is additionalProperties: a schema, or a boolean when Schema is nil.
type SchemaOrBool struct {
	Allows bool
	Schema *Schema
}

// ExternalDocs is the externalDocs keyword.
type ExternalDocs struct {
	Description string `json:"description,omitempty"`
	URL         string `json:"url,omitempty"`
}

// ValidationRule is one entry of x-kubernetes-validations, with the field
// names and omissions of apiextensions.k8s.io/v1.
type ValidationRule struct {
	Rule              string  `json:"rule"`
	Message           string  `json:"message,omitempty"`
	MessageExpression string  `json:"messageExpression,omitempty"`
	Reason            *string `json:"reason,omitempty"`
	FieldPath         string  `json:"fieldPath,omitempty"`
	OptionalOldSelf   *bool   `json:"optionalOldSelf,omitempty"`
}

// refTo returns a schema that is only a reference to the component name.
func refTo(name string) *Schema {
	return &Schema{Ref: componentRef(name)}
}

// wrappedRef returns a reference with a description. OpenAPI v3.0 ignores the
// siblings of $ref, so kube-openapi wraps such references in allOf; so does kval.
func wrappedRef(name, description string) *Schema {
	return &Schema{Description: description, AllOf: []*Schema{refTo(name)}}
}

// setExtension sets an x- key, creating the map on first use.
func (s *Schema) setExtension(key string, value any) {
	if s.Extensions == nil {
		s.Extensions = map[string]any{}
	}
	s.Extensions[key] = value
}

// setProperty sets a property, creating the map on first use.
func (s *Schema) setProperty(name string, p *Schema) {
	if s.Properties == nil {
		s.Properties = map[string]*Schema{}
	}
	s.Properties[name] = p
}
