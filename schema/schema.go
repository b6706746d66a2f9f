package schema

// Schema is one node of an OpenAPI v3 schema as a CustomResourceDefinition
// carries it: every keyword a CRD accepts, every x-kubernetes extension, and
// kval's x-kubernetes-mutability extensions. The same type describes the
// structural skeleton (Properties, Items, AdditionalProperties) and the value
// validations nested under allOf, anyOf, oneOf and not; the CRD checks
// (lint.CheckCRD) report the places where a keyword is not allowed.
//
// A JSON null given for a keyword means the keyword is absent, as in
// kube-apiserver. Schemas are immutable once loaded and may be shared.
type Schema struct {
	// Generic keywords.
	Type         string
	Format       string
	Title        string
	Description  string
	Default      any // nil when there is no default; a JSON null default is no default
	Example      any
	Nullable     bool
	ExternalDocs *ExternalDocs

	// Structure.
	Properties           map[string]*Schema
	Items                *Schema
	AdditionalProperties *SchemaOrBool

	// Value validation.
	Enum             []any
	Maximum          *float64
	ExclusiveMaximum bool
	Minimum          *float64
	ExclusiveMinimum bool
	MultipleOf       *float64
	MaxLength        *int64
	MinLength        *int64
	Pattern          string
	MaxItems         *int64
	MinItems         *int64
	UniqueItems      bool
	MaxProperties    *int64
	MinProperties    *int64
	Required         []string
	AllOf            []*Schema
	AnyOf            []*Schema
	OneOf            []*Schema
	Not              *Schema

	// Kubernetes extensions.
	PreserveUnknownFields *bool // x-kubernetes-preserve-unknown-fields; only true is valid
	EmbeddedResource      bool  // x-kubernetes-embedded-resource
	IntOrString           bool  // x-kubernetes-int-or-string
	ListType              *string
	ListMapKeys           []string
	MapType               *string
	Validations           []ValidationRule // x-kubernetes-validations

	// Immutability extensions of kval (seed 000).
	Mutability    *Mutability // x-kubernetes-mutability
	KeyMutability *Mutability // x-kubernetes-key-mutability

	// Unsupported holds the JSON Schema keywords a CRD may not use, kept so
	// that the CRD checks report them as kube-apiserver does. Nil when there are none.
	Unsupported *Unsupported
}

// SchemaOrBool is the value of additionalProperties or additionalItems:
// a boolean, or a schema (which allows).
type SchemaOrBool struct {
	Allows bool
	Schema *Schema
}

// ExternalDocs is the externalDocs keyword.
type ExternalDocs struct {
	Description string
	URL         string
}

// ValidationRule is one entry of x-kubernetes-validations.
type ValidationRule struct {
	Rule              string
	Message           string
	MessageExpression string
	Reason            *string
	FieldPath         string
	OptionalOldSelf   *bool
}

// Mutability is a value of x-kubernetes-mutability or x-kubernetes-key-mutability.
type Mutability string

const (
	Immutable  Mutability = "Immutable"
	AddOnly    Mutability = "AddOnly"
	RemoveOnly Mutability = "RemoveOnly"
)

// Mutabilities lists the values the mutability extensions accept.
var Mutabilities = []Mutability{Immutable, AddOnly, RemoveOnly}

// Unsupported holds JSON Schema keywords that OpenAPI v3 allows but
// CustomResourceDefinitions reject.
type Unsupported struct {
	ID                string // id
	SchemaURI         string // $schema
	Ref               *string
	ItemsArray        []*Schema // items given as an array of schemas
	PatternProperties map[string]*Schema
	Dependencies      map[string]Dependency
	AdditionalItems   *SchemaOrBool
	Definitions       map[string]*Schema
}

// Dependency is one entry of the dependencies keyword: a schema or a list of property names.
type Dependency struct {
	Schema     *Schema
	Properties []string
}

// List types and map types of the x-kubernetes-list-type and x-kubernetes-map-type extensions.
const (
	ListTypeAtomic  = "atomic"
	ListTypeSet     = "set"
	ListTypeMap     = "map"
	MapTypeAtomic   = "atomic"
	MapTypeGranular = "granular"
)

// PreservesUnknownFields reports whether x-kubernetes-preserve-unknown-fields is true.
func (s *Schema) PreservesUnknownFields() bool {
	return s != nil && s.PreserveUnknownFields != nil && *s.PreserveUnknownFields
}

// IsEmbedded reports whether x-kubernetes-embedded-resource is true.
func (s *Schema) IsEmbedded() bool {
	return s != nil && s.EmbeddedResource
}

// AdditionalPropertiesSchema returns the schema of additionalProperties, or nil
// when it is absent or a boolean.
func (s *Schema) AdditionalPropertiesSchema() *Schema {
	if s == nil || s.AdditionalProperties == nil {
		return nil
	}
	return s.AdditionalProperties.Schema
}

// FieldSchema returns the schema that applies to the field name of an object
// value: its property, or else additionalProperties' schema; nil if neither.
func (s *Schema) FieldSchema(name string) *Schema {
	if s == nil {
		return nil
	}
	if p, ok := s.Properties[name]; ok {
		return p
	}
	return s.AdditionalPropertiesSchema()
}

// ListTypeOrAtomic returns x-kubernetes-list-type, "atomic" when unset.
func (s *Schema) ListTypeOrAtomic() string {
	if s == nil || s.ListType == nil {
		return ListTypeAtomic
	}
	return *s.ListType
}

// IsMapList reports whether the schema is an array with x-kubernetes-list-type: map.
func (s *Schema) IsMapList() bool {
	return s != nil && s.ListType != nil && *s.ListType == ListTypeMap
}

// IsSetList reports whether the schema is an array with x-kubernetes-list-type: set.
func (s *Schema) IsSetList() bool {
	return s != nil && s.ListType != nil && *s.ListType == ListTypeSet
}
