package schema

import (
	"fmt"
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// decoder reads typed values out of unstructured JSON, collecting an error
// with its field path for every value of the wrong type. A JSON null reads as
// the zero value, as encoding/json does.
type decoder struct {
	errs field.ErrorList
}

func (d *decoder) wrongType(path *field.Path, value any, want string) {
	bad := value
	switch value.(type) {
	case map[string]any, []any:
		bad = field.OmitValueType{} // too large to repeat
	}
	d.errs = append(d.errs, field.TypeInvalid(path, bad, fmt.Sprintf("must be %s, not %s", want, jsonType(value))))
}

func (d *decoder) str(path *field.Path, value any) string {
	if value == nil {
		return ""
	}
	s, ok := value.(string)
	if !ok {
		d.wrongType(path, value, "a string")
	}
	return s
}

func (d *decoder) optionalStr(path *field.Path, value any) *string {
	if value == nil {
		return nil
	}
	s := d.str(path, value)
	return &s
}

func (d *decoder) boolean(path *field.Path, value any) bool {
	if value == nil {
		return false
	}
	b, ok := value.(bool)
	if !ok {
		d.wrongType(path, value, "a boolean")
	}
	return b
}

// integer reads an int64; numbers with a fraction or exponent are not integers.
func (d *decoder) integer(path *field.Path, value any) *int64 {
	if value == nil {
		return nil
	}
	i, ok := value.(int64)
	if !ok {
		d.wrongType(path, value, "an integer")
		return nil
	}
	return &i
}

func (d *decoder) number(path *field.Path, value any) *float64 {
	switch n := value.(type) {
	case nil:
		return nil
	case int64:
		f := float64(n)
		return &f
	case float64:
		return &n
	}
	d.wrongType(path, value, "a number")
	return nil
}

func (d *decoder) array(path *field.Path, value any) []any {
	if value == nil {
		return nil
	}
	list, ok := value.([]any)
	if !ok {
		d.wrongType(path, value, "an array")
	}
	return list
}

func (d *decoder) strings(path *field.Path, value any) []string {
	list := d.array(path, value)
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = d.str(path.Index(i), v)
	}
	return out
}

func (d *decoder) object(path *field.Path, value any) (map[string]any, bool) {
	m, ok := value.(map[string]any)
	if !ok {
		d.wrongType(path, value, "an object")
	}
	return m, ok
}

// fields reads an object whose keys must all be among known; others are errors.
// A JSON null is an object with no fields, as kube-apiserver decodes it into
// a struct: missing spec.names are then reported by the checks, as upstream.
func (d *decoder) fields(path *field.Path, value any, known ...string) (map[string]any, bool) {
	if value == nil {
		return map[string]any{}, true
	}
	m, ok := d.object(path, value)
	if !ok {
		return nil, false
	}
	for _, key := range slices.Sorted(maps.Keys(m)) {
		if !contains(known, key) {
			d.errs = append(d.errs, field.Forbidden(path.Child(key), "unknown field"))
		}
	}
	return m, true
}

func (d *decoder) mutability(path *field.Path, value any) *Mutability {
	s := d.optionalStr(path, value)
	if s == nil {
		return nil
	}
	m := Mutability(*s)
	return &m
}

func contains[T comparable](list []T, x T) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// jsonType names the JSON type of an unstructured value.
func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	default:
		return fmt.Sprintf("%T", v)
	}
}
