package stdgen

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/kval-dev/kval/openapi"
)

// Methods by which a Go type declares its own OpenAPI schema.
const (
	methodSchemaType   = "OpenAPISchemaType"
	methodSchemaFormat = "OpenAPISchemaFormat"
)

// unsupportedMethods declare schemas stdgen does not implement.
var unsupportedMethods = []string{"OpenAPIDefinition", "OpenAPIV3Definition", "OpenAPIV3OneOfTypes"}

// definition is the schema of a struct type: the type and format it
// declares itself, or an object with a property per JSON field.
func (g *generator) definition(t reflect.Type) (*openapi.Schema, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("not a struct: %s", t)
	}
	for _, m := range unsupportedMethods {
		if hasMethod(t, m) {
			return nil, fmt.Errorf("declares its schema with %s, which stdgen does not implement", m)
		}
	}
	doc := g.typeDoc(t)
	if err := checkSupportedTags(doc); err != nil {
		return nil, err
	}
	s := &openapi.Schema{Description: description(doc)}
	if hasMethod(t, methodSchemaType) && hasMethod(t, methodSchemaFormat) {
		s.Type, s.Format = declaredTypeAndFormat(t)
		return s, g.setExtensions(s, doc, reflect.Struct)
	}
	s.Type = "object"
	required, err := g.members(t, s)
	if err != nil {
		return nil, err
	}
	s.Required = required
	return s, g.setExtensions(s, doc, reflect.Struct)
}

// members adds the properties of t's JSON fields to s, inlining embedded
// structs without a JSON name, and returns the required ones.
func (g *generator) members(t reflect.Type, s *openapi.Schema) ([]string, error) {
	var required []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		doc := g.fieldDoc(t, f)
		if hasTag(doc, "k8s:openapi-gen", "false") {
			continue
		}
		jsonTag, hasJSON := f.Tag.Lookup("json")
		if f.Anonymous && hasJSON && (jsonTag == "" || strings.HasPrefix(jsonTag, ",")) {
			inlined, err := g.members(derefType(f.Type), s)
			if err != nil {
				return nil, err
			}
			required = append(required, inlined...)
			continue
		}
		name := propertyName(f)
		if name == "" {
			continue
		}
		if !f.IsExported() {
			return nil, fmt.Errorf("unexported field %s", f.Name)
		}
		optional, err := isOptional(f, doc)
		if err != nil {
			return nil, err
		}
		if !optional {
			required = append(required, name)
		}
		p, err := g.property(t, f, doc)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", f.Name, err)
		}
		if s.Properties == nil {
			s.Properties = map[string]*openapi.Schema{}
		}
		s.Properties[name] = p
	}
	return required, nil
}

// propertyName is the JSON name of a field: "" for json:"-".
func propertyName(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	if tag == "" {
		return f.Name
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" {
		return ""
	}
	return name
}

// isOptional: +optional or +required decide; otherwise omitempty does.
func isOptional(f reflect.StructField, doc []string) (bool, error) {
	t := tags(doc)
	_, optional := t["optional"]
	_, required := t["required"]
	switch {
	case optional && required:
		return false, fmt.Errorf("field %s is both +optional and +required", f.Name)
	case required:
		return false, nil
	case optional:
		return true, nil
	}
	return hasOmitEmpty(f), nil
}

func hasOmitEmpty(f reflect.StructField) bool {
	tag, _ := f.Tag.Lookup("json")
	return strings.HasSuffix(tag, ",omitempty") || strings.Contains(tag, ",omitempty,")
}

// property is the schema of one field.
func (g *generator) property(parent reflect.Type, f reflect.StructField, doc []string) (*openapi.Schema, error) {
	if err := checkSupportedTags(doc); err != nil {
		return nil, err
	}
	if g.isEnum(f.Type) {
		return nil, fmt.Errorf("enum type %s is not implemented", f.Type)
	}
	s := &openapi.Schema{Description: description(doc)}
	if err := g.setExtensions(s, doc, memberKind(f.Type)); err != nil {
		return nil, err
	}
	if _, opts, _ := strings.Cut(f.Tag.Get("json"), ","); opts == "string" || strings.HasPrefix(opts, "string,") {
		s.Type = "string"
		return s, nil
	}
	def, err := g.defaultOf(f, doc)
	if err != nil {
		return nil, err
	}
	s.Default = def
	if err := g.setType(s, f.Type); err != nil {
		return nil, err
	}
	return wrapRef(s), nil
}

// setType sets the type of s from a Go type: a simple type and format, an
// object with additionalProperties for a map, an array for a slice, a
// reference for a struct.
func (g *generator) setType(s *openapi.Schema, t reflect.Type) error {
	t = derefType(t)
	if typ, format, ok := simpleType(t); ok {
		s.Type, s.Format = typ, format
		return nil
	}
	switch t.Kind() {
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return fmt.Errorf("map with non-string keys: %s", t)
		}
		elem := &openapi.Schema{}
		if err := g.setType(elem, t.Elem()); err != nil {
			return err
		}
		s.Type = "object"
		s.AdditionalProperties = &openapi.SchemaOrBool{Allows: true, Schema: elem}
	case reflect.Slice, reflect.Array:
		elem := &openapi.Schema{}
		if err := g.setType(elem, t.Elem()); err != nil {
			return err
		}
		s.Type, s.Items = "array", elem
	case reflect.Struct:
		s.Ref = "#/components/schemas/" + modelName(t)
		g.want(t)
	default:
		return fmt.Errorf("cannot generate a schema for %s", t)
	}
	return nil
}

// simpleType maps the builtin types (and named types over them) to an
// OpenAPI type and format, as openapi-gen's table does.
func simpleType(t reflect.Type) (typ, format string, ok bool) {
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return "string", "byte", true // base64
	}
	switch t.Kind() {
	case reflect.String:
		return "string", "", true
	case reflect.Bool:
		return "boolean", "", true
	case reflect.Int, reflect.Int16, reflect.Int32, reflect.Uint, reflect.Uint16:
		return "integer", "int32", true
	case reflect.Int64, reflect.Uint32, reflect.Uint64:
		return "integer", "int64", true
	case reflect.Int8, reflect.Uint8:
		return "integer", "byte", true
	case reflect.Float64:
		return "number", "double", true
	case reflect.Float32:
		return "number", "float", true
	case reflect.Interface:
		return "object", "", true
	}
	return "", "", false
}

// wrapRef moves a reference with siblings into allOf, as kube-openapi does
// for OpenAPI v3, where the siblings of $ref are ignored.
func wrapRef(s *openapi.Schema) *openapi.Schema {
	if s.Ref == "" {
		return s
	}
	bare := *s
	bare.Ref = ""
	if reflect.DeepEqual(bare, openapi.Schema{}) {
		return s
	}
	bare.AllOf = []*openapi.Schema{{Ref: s.Ref}}
	return &bare
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// hasMethod reports a method on the type or on its pointer.
func hasMethod(t reflect.Type, name string) bool {
	_, onValue := t.MethodByName(name)
	_, onPointer := reflect.PointerTo(t).MethodByName(name)
	return onValue || onPointer
}

// declaredTypeAndFormat calls the type's OpenAPISchemaType and OpenAPISchemaFormat.
func declaredTypeAndFormat(t reflect.Type) (string, string) {
	v := reflect.New(t)
	types := v.MethodByName(methodSchemaType).Call(nil)[0].Interface().([]string)
	format := v.MethodByName(methodSchemaFormat).Call(nil)[0].Interface().(string)
	typ := ""
	if len(types) > 0 {
		typ = types[0]
	}
	return typ, format
}
