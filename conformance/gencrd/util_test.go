package gencrd

// deepCopy copies a JSON value.
func deepCopy(obj map[string]any) map[string]any { return copyValue(obj).(map[string]any) }

func copyValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, c := range x {
			out[k] = copyValue(c)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, c := range x {
			out[i] = copyValue(c)
		}
		return out
	}
	return v
}
