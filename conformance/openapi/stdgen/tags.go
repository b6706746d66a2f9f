package stdgen

import (
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/kval-dev/kval/openapi"
)

// extensionTag is a comment tag openapi-gen publishes as an extension.
type extensionTag struct {
	extension string
	kind      reflect.Kind // the kind of Go type the tag belongs on
	values    []string     // the allowed values; nil for any
	array     bool         // always published as an array
}

var extensionTags = map[string]extensionTag{
	"patchMergeKey": {extension: "x-kubernetes-patch-merge-key", kind: reflect.Slice},
	"patchStrategy": {extension: "x-kubernetes-patch-strategy", kind: reflect.Slice, values: []string{"merge", "retainKeys"}},
	"listMapKey":    {extension: "x-kubernetes-list-map-keys", kind: reflect.Slice, array: true},
	"listType":      {extension: "x-kubernetes-list-type", kind: reflect.Slice, values: []string{"atomic", "set", "map"}},
	"mapType":       {extension: "x-kubernetes-map-type", kind: reflect.Map, values: []string{"atomic", "granular"}},
	"structType":    {extension: "x-kubernetes-map-type", kind: reflect.Struct, values: []string{"atomic", "granular"}},
}

// setExtensions publishes the extension tags of a type or field. A tag on
// the wrong kind of type, or with a value not allowed, is an error.
func (g *generator) setExtensions(s *openapi.Schema, doc []string, kind reflect.Kind) error {
	all := tags(doc)
	for _, key := range slices.Sorted(maps.Keys(all)) {
		tag, ok := extensionTags[key]
		if !ok {
			continue
		}
		values := all[key]
		if tag.kind != kind {
			return fmt.Errorf("tag +%s on a %s", key, kind)
		}
		for _, v := range values {
			if tag.values != nil && !slices.Contains(tag.values, v) {
				return fmt.Errorf("tag +%s=%s: not one of %v", key, v, tag.values)
			}
		}
		if tag.array || len(values) > 1 {
			list := make([]any, len(values))
			for i, v := range values {
				list[i] = v
			}
			setExtension(s, tag.extension, list)
		} else {
			setExtension(s, tag.extension, values[0])
		}
	}
	return nil
}

// memberKind is the kind of a field's type as openapi-gen checks tags
// against it: named non-struct types are aliases (an error for any tag).
func memberKind(t reflect.Type) reflect.Kind {
	if t.Name() != "" && t.Kind() != reflect.Struct {
		return reflect.Invalid
	}
	return t.Kind()
}

// checkSupportedTags fails on the tags that would change a schema in ways
// stdgen does not implement.
func checkSupportedTags(doc []string) error {
	for key, values := range tags(doc) {
		switch {
		case strings.HasPrefix(key, "k8s:validation:"), key == "union", key == "unionDiscriminator", key == "unionMember":
			return fmt.Errorf("tag +%s is not implemented", key)
		case key == "k8s:openapi-gen":
			for _, v := range values {
				if strings.HasPrefix(v, "x-") {
					return fmt.Errorf("tag +k8s:openapi-gen=%s is not implemented", v)
				}
			}
		}
	}
	return nil
}

func hasTag(doc []string, key, value string) bool {
	return slices.Contains(tags(doc)[key], value)
}

// isEnum reports a named type tagged +enum.
func (g *generator) isEnum(t reflect.Type) bool {
	t = derefType(t)
	if t.Name() == "" || t.PkgPath() == "" {
		return false
	}
	_, ok := tags(g.typeDoc(t))["enum"]
	return ok
}

// defaultOf is the default of a field: its +default tag (or its type's),
// and the zero value openapi-gen enforces where JSON would write it.
func (g *generator) defaultOf(f reflect.StructField, doc []string) (any, error) {
	tagged, err := g.taggedDefault(f.Type, doc)
	if err != nil {
		return nil, err
	}
	enforced, err := enforcedDefault(f.Type, hasOmitEmpty(f))
	if err != nil {
		return nil, err
	}
	switch {
	case tagged == nil:
		return enforced, nil
	case enforced != nil && !reflect.DeepEqual(tagged, enforced):
		return nil, fmt.Errorf("default %v differs from the enforced %v", tagged, enforced)
	}
	return tagged, nil
}

// taggedDefault finds +default on the field, else in the documentation of
// its type (through pointers), as openapi-gen looks for it.
func (g *generator) taggedDefault(t reflect.Type, doc []string) (any, error) {
	docs := [][]string{doc}
	for ; t != nil; t = elemOrNil(t) {
		if t.Name() != "" && t.PkgPath() != "" {
			docs = append(docs, g.typeDoc(t))
		}
	}
	for _, d := range docs {
		values := tags(d)["default"]
		if len(values) == 0 {
			continue
		}
		if len(values) > 1 {
			return nil, fmt.Errorf("more than one +default")
		}
		if strings.HasPrefix(values[0], "ref(") {
			return nil, fmt.Errorf("+default=%s: references are not implemented", values[0])
		}
		var v any
		if err := json.Unmarshal([]byte(values[0]), &v); err != nil {
			return nil, fmt.Errorf("+default=%s: %w", values[0], err)
		}
		return v, nil
	}
	return nil, nil
}

func elemOrNil(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return nil
}

// enforcedDefault is the default openapi-gen writes for a field that JSON
// always serializes: {} for a struct, the zero value for a builtin without
// omitempty; none for pointers, maps, slices and types that unmarshal
// themselves (null is their zero value).
func enforcedDefault(t reflect.Type, omitEmpty bool) (any, error) {
	if t.Kind() == reflect.Struct && hasMethod(t, "UnmarshalJSON") {
		return nil, nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Array, reflect.Interface:
		return nil, nil
	case reflect.Struct:
		if t.NumField() == 1 && t.Field(0).Anonymous {
			return enforcedDefault(t.Field(0).Type, omitEmpty)
		}
		return map[string]any{}, nil
	}
	if omitEmpty {
		return nil, nil
	}
	typ, _, ok := simpleType(t)
	if !ok {
		return nil, fmt.Errorf("no zero value for %s", t)
	}
	switch typ {
	case "string":
		return "", nil
	case "boolean":
		return false, nil
	case "integer", "number":
		return float64(0), nil
	}
	return nil, fmt.Errorf("no zero value for %s", t)
}
