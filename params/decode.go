package params

import (
	"fmt"
	"slices"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// fields reads the fields of one YAML mapping, recording every fault (a
// wrong type, an unknown key) at its path instead of stopping at the first.
type fields struct {
	obj  map[string]any
	path *field.Path
	errs *field.ErrorList
}

func (f fields) str(key string) string {
	v, ok := f.obj[key]
	if !ok || v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		f.wrongType(key, v, "string")
	}
	return s
}

// boolOr returns the boolean at key, or def when it is left out.
func (f fields) boolOr(key string, def bool) bool {
	v, ok := f.obj[key]
	if !ok || v == nil {
		return def
	}
	b, ok := v.(bool)
	if !ok {
		f.wrongType(key, v, "boolean")
		return def
	}
	return b
}

func (f fields) integer(key string) int64 {
	v, ok := f.obj[key]
	if !ok || v == nil {
		return 0
	}
	n, ok := v.(int64)
	if !ok {
		f.wrongType(key, v, "integer")
	}
	return n
}

// object returns the mapping at key; a missing key is an empty mapping.
func (f fields) object(key string) fields {
	child := fields{path: f.path.Child(key), errs: f.errs}
	switch v := f.obj[key].(type) {
	case map[string]any:
		child.obj = v
	case nil:
	default:
		f.wrongType(key, v, "object")
	}
	return child
}

// list returns the list at key; a missing key is an empty list.
func (f fields) list(key string) []any {
	switch v := f.obj[key].(type) {
	case []any:
		return v
	case nil:
	default:
		f.wrongType(key, v, "array")
	}
	return nil
}

func (f fields) wrongType(key string, v any, want string) {
	*f.errs = append(*f.errs, field.TypeInvalid(f.path.Child(key), v, "must be of type "+want))
}

// only reports the keys of the mapping that are not among known: a
// misspelt "immutable" would otherwise leave a parameter mutable.
func (f fields) only(known ...string) {
	var unknown []string
	for key := range f.obj {
		if !slices.Contains(known, key) {
			unknown = append(unknown, key)
		}
	}
	sort.Strings(unknown)
	for _, key := range unknown {
		*f.errs = append(*f.errs, field.NotSupported(f.path.Child(key), key, known))
	}
}

// sourceError is an error of a whole file or document.
func sourceError(source string, err error) error {
	return fmt.Errorf("%s: %w", source, err)
}
