package jsonvalue

import "fmt"

// TypeName names the JSON type of an unstructured value for messages:
// null, object, array, string, boolean or number; a value of another Go
// type is named by its Go type.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64, float64:
		return "number"
	}
	return fmt.Sprintf("%T", v)
}
