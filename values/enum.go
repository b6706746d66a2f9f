package values

import (
	"encoding/json"
	"fmt"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// enumRule is a compiled enum keyword.
type enumRule struct {
	values []any
	// strings holds the string members for a fast lookup of string values;
	// nil when the enum is small.
	strings map[string]struct{}
	// supported renders the members as kube-apiserver lists them in the
	// NotSupported detail: strings as they are, anything else as JSON.
	supported []string
	// printed is the members as kube-openapi prints them in its message (%v).
	printed string
}

func compileEnum(values []any) (*enumRule, error) {
	if len(values) == 0 {
		return nil, nil
	}
	r := &enumRule{values: values, printed: fmt.Sprintf("%v", values)}
	for _, v := range values {
		if s, ok := v.(string); ok {
			r.supported = append(r.supported, s)
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("enum value %v: %w", v, err)
		}
		r.supported = append(r.supported, string(b))
	}
	if len(values) > 8 {
		r.strings = map[string]struct{}{}
		for _, v := range values {
			if s, ok := v.(string); ok {
				r.strings[s] = struct{}{}
			}
		}
	}
	return r, nil
}

// matches reports whether v is a member as kube-openapi decides it: v is
// converted to each member's Go type when Go can convert it, then compared
// deeply. So an integer matches a number member of the same value, a number
// matches an integer member after truncation, an integer matches a string
// member holding the character of that code point, and null matches nothing.
func (r *enumRule) matches(v any) bool {
	if s, ok := v.(string); ok && r.strings != nil {
		_, found := r.strings[s]
		return found
	}
	for _, member := range r.values {
		if memberMatches(member, v) {
			return true
		}
	}
	return false
}

func memberMatches(member, v any) bool {
	switch m := member.(type) {
	case string:
		switch v := v.(type) {
		case string:
			return v == m
		case int64:
			return codePointString(v) == m
		}
	case int64:
		switch v := v.(type) {
		case int64:
			return v == m
		case float64:
			return int64(v) == m
		}
	case float64:
		switch v := v.(type) {
		case int64:
			return float64(v) == m
		case float64:
			return v == m
		}
	case bool:
		b, ok := v.(bool)
		return ok && b == m
	case map[string]any:
		o, ok := v.(map[string]any)
		return ok && jsonvalue.Equal(o, m)
	case []any:
		a, ok := v.([]any)
		return ok && jsonvalue.Equal(a, m)
	}
	return false
}

// codePointString is Go's conversion of an integer to a string: the UTF-8
// encoding of that code point, or U+FFFD when it is not one.
func codePointString(i int64) string {
	if int64(rune(i)) != i {
		return "\uFFFD"
	}
	return string(rune(i))
}
