package jsonvalue

import (
	"sort"
	"strconv"
	"strings"
)

// Key renders a value as a string such that Key(a) == Key(b) exactly when
// Equal(a, b): object keys sorted, numbers tagged with their Go type.
func Key(v any) string {
	var b strings.Builder
	writeKey(&b, v)
	return b.String()
}

func writeKey(b *strings.Builder, v any) {
	switch v := v.(type) {
	case map[string]any:
		if v == nil {
			b.WriteString("{nil}")
			return
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			writeKey(b, v[k])
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case []any:
		if v == nil {
			b.WriteString("[nil]")
			return
		}
		b.WriteByte('[')
		for _, item := range v {
			writeKey(b, item)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case string:
		b.WriteString(strconv.Quote(v))
	case int64:
		b.WriteByte('i')
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteByte('f')
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case nil:
		b.WriteString("null")
	default:
		b.WriteString("?")
	}
}
