package values

import "reflect"

// deepEqual is reflect.DeepEqual for JSON values, without reflection: same
// Go types, same values, nil maps and slices distinct from empty ones.
func deepEqual(a, b any) bool {
	switch a := a.(type) {
	case nil:
		return b == nil
	case string:
		s, ok := b.(string)
		return ok && s == a
	case int64:
		i, ok := b.(int64)
		return ok && i == a
	case float64:
		f, ok := b.(float64)
		return ok && f == a
	case bool:
		x, ok := b.(bool)
		return ok && x == a
	case map[string]any:
		m, ok := b.(map[string]any)
		return ok && mapsEqual(a, m)
	case []any:
		l, ok := b.([]any)
		return ok && slicesEqual(a, l)
	}
	return reflect.DeepEqual(a, b)
}

func mapsEqual(a, b map[string]any) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok || !deepEqual(av, bv) {
			return false
		}
	}
	return true
}

func slicesEqual(a, b []any) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if !deepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}
