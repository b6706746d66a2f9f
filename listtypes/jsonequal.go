package listtypes

import (
	"bytes"
	"encoding/json"
	"math"
	"unicode/utf8"
)

// sameJSON reports whether a and b have the same JSON encoding, as
// kube-apiserver compares objects and arrays of sets and map keys. It
// compares the values directly and falls back to encoding them only where
// encodings can coincide for different values: an integer and a float, and
// strings with invalid UTF-8 (each invalid byte encodes as \ufffd).
func sameJSON(a, b any) bool {
	a, b = nilCompound(a), nilCompound(b)
	switch a := a.(type) {
	case nil:
		return b == nil
	case bool:
		x, ok := b.(bool)
		return ok && x == a
	case string:
		s, ok := b.(string)
		if !ok {
			return false
		}
		if s == a {
			return true
		}
		if utf8.ValidString(a) && utf8.ValidString(s) {
			return false
		}
		return sameEncoding(a, s)
	case int64:
		switch b := b.(type) {
		case int64:
			return a == b
		case float64:
			return sameEncoding(a, b)
		}
		return false
	case float64:
		switch b := b.(type) {
		case float64:
			return a == b && math.Signbit(a) == math.Signbit(b)
		case int64:
			return sameEncoding(a, b)
		}
		return false
	case map[string]any:
		m, ok := b.(map[string]any)
		return ok && sameObject(a, m)
	case []any:
		l, ok := b.([]any)
		if !ok || len(l) != len(a) {
			return false
		}
		for i := range a {
			if !sameJSON(a[i], l[i]) {
				return false
			}
		}
		return true
	}
	return sameEncoding(a, b)
}

func sameObject(a, b map[string]any) bool {
	if len(a) != len(b) {
		return false
	}
	for k, av := range a {
		bv, ok := b[k]
		if !ok {
			// Only a key with invalid UTF-8 can encode like another key.
			return !utf8.ValidString(k) && sameEncoding(a, b)
		}
		if !sameJSON(av, bv) {
			return false
		}
	}
	return true
}

// nilCompound turns nil maps and slices into nil: all encode as null.
func nilCompound(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return nil
		}
	case []any:
		if x == nil {
			return nil
		}
	}
	return v
}

func sameEncoding(a, b any) bool {
	ea, errA := json.Marshal(a)
	eb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ea, eb)
}

// encode is the JSON encoding of v; false when v cannot be encoded (never
// for decoded JSON).
func encode(v any) (string, bool) {
	b, err := json.Marshal(v)
	return string(b), err == nil
}
