package openapi

import (
	"fmt"
	"reflect"
	"strings"
)

// Descriptions of the parameters kube-apiserver adds to every route of a
// custom resource.
const (
	prettyDescription    = "If 'true', then the output is pretty printed. Defaults to 'false' unless the user-agent indicates a browser or command-line HTTP tool (curl and wget)."
	namespaceDescription = "object name and auth scope, such as for teams and projects"
)

// parameters are the parameters of a route: pretty, the path's namespace
// and name, and one query parameter per field of its options type.
func (r *resource) parameters(rt route) ([]*Parameter, error) {
	params := []*Parameter{queryParameter("pretty", prettyDescription, "string")}
	if strings.Contains(rt.path, "{namespace}") {
		params = append(params, pathParameter("namespace", namespaceDescription))
	}
	if strings.Contains(rt.path, "{name}") {
		params = append(params, pathParameter("name", "name of the "+r.kind))
	}
	options, err := optionParameters(rt.options)
	if err != nil {
		return nil, err
	}
	return append(params, options...), nil
}

func pathParameter(name, description string) *Parameter {
	return &Parameter{Name: name, In: "path", Description: description, Required: true,
		Schema: &Schema{Type: "string", UniqueItems: true}}
}

// queryParameter is a query parameter given once: uniqueItems is how
// kube-openapi says that a parameter may not repeat.
func queryParameter(name, description, typ string) *Parameter {
	return &Parameter{Name: name, In: "query", Description: description,
		Schema: &Schema{Type: typ, UniqueItems: true}}
}

// documented is implemented by apimachinery's types: their field
// documentation by JSON name.
type documented interface {
	SwaggerDoc() map[string]string
}

// optionParameters turns the fields of an options type of apimachinery
// (ListOptions, CreateOptions, ...) into query parameters, as the apiserver
// does: by JSON name, described by the type's documentation, skipping
// embedded structs (TypeMeta) and references to structs (preconditions).
// Reading them from the Go types keeps them in step with apimachinery.
func optionParameters(options any) ([]*Parameter, error) {
	if options == nil {
		return nil, nil
	}
	t := reflect.TypeOf(options)
	if t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("options of type %s are not a pointer to a struct", t)
	}
	t = t.Elem()
	var docs map[string]string
	if d, ok := options.(documented); ok {
		docs = d.SwaggerDoc()
	}
	var params []*Parameter
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := jsonName(f)
		if name == "" || isStructLike(f.Type) {
			continue
		}
		typ, err := parameterType(f.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s of %s: %w", f.Name, t, err)
		}
		params = append(params, queryParameter(name, docs[name], typ))
	}
	return params, nil
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// isStructLike reports structs, interfaces and pointers to them: not query parameters.
func isStructLike(t reflect.Type) bool {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct || t.Kind() == reflect.Interface
}

// parameterType is the OpenAPI type of a query parameter. A list is given
// by repeating the parameter; kube-apiserver publishes the type of its items.
func parameterType(t reflect.Type) (string, error) {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Slice {
		switch t.Elem().Kind() {
		case reflect.String:
			return "string", nil
		case reflect.Int32:
			return "integer", nil
		}
		return "", fmt.Errorf("unsupported parameter type %s", t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8, reflect.Uint32, reflect.Uint64:
		return "integer", nil
	case reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.String:
		return "string", nil
	}
	return "", fmt.Errorf("unsupported parameter type %s", t)
}
