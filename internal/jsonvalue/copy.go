package jsonvalue

// DeepCopy copies a JSON value: objects and arrays are copied, scalars are
// shared (they are immutable). Unlike apimachinery's DeepCopyJSONValue it
// never panics: a value of another Go type, which a library caller may pass,
// is shared as it is.
func DeepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		if v == nil {
			return v
		}
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = DeepCopy(x)
		}
		return out
	case []any:
		if v == nil {
			return v
		}
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = DeepCopy(x)
		}
		return out
	default:
		return v
	}
}

// DeepCopyObject copies an object.
func DeepCopyObject(obj map[string]any) map[string]any {
	out, _ := DeepCopy(obj).(map[string]any)
	return out
}
