package jsonvalue

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Marshal encodes a JSON value byte for byte as encoding/json's Marshal
// does (keys sorted, HTML characters and invalid UTF-8 escaped alike), in
// a fraction of its time: encoding/json reflects on every map and sorts
// its keys through reflect.Values. kubectl sends kube-apiserver a
// manifest's json.Marshal, so a decoder given Marshal's bytes sees what
// kube-apiserver sees. Values of other Go types (and floats, whose
// formatting and errors are json's) go through encoding/json.
func Marshal(v any) ([]byte, error) {
	return appendValue(make([]byte, 0, 1024), v)
}

func appendValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case bool:
		return strconv.AppendBool(b, v), nil
	case string:
		return appendString(b, v), nil
	case int64:
		return strconv.AppendInt(b, v, 10), nil
	case map[string]any:
		return appendObject(b, v)
	case []any:
		return appendArray(b, v)
	}
	data, err := json.Marshal(v)
	return append(b, data...), err
}

func appendObject(b []byte, m map[string]any) ([]byte, error) {
	if m == nil {
		return append(b, "null"...), nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendString(b, k), ':')
		if b, err = appendValue(b, m[k]); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func appendArray(b []byte, a []any) ([]byte, error) {
	if a == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	var err error
	for i, x := range a {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendValue(b, x); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as encoding/json does with HTML escaping on.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if plainASCII(c) {
				i++
				continue
			}
			b = appendASCIIEscape(append(b, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = appendRuneEscape(b, r, size)
			start = i + size
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}

// plainASCII: an ASCII byte encoding/json writes as it is.
func plainASCII(c byte) bool {
	return c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

func appendASCIIEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}

// appendRuneEscape: invalid UTF-8 becomes U+FFFD, and the JavaScript line
// separators are escaped.
func appendRuneEscape(b []byte, r rune, size int) []byte {
	if r == utf8.RuneError && size == 1 {
		return append(b, `\ufffd`...)
	}
	return append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
}
