package fastjson

import (
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects taken; deeper
// values are declined (the reference allows 10,000).
const MaxDepth = 1000

// Decode is data's value, unless ok is false: then it is a value the
// reference decodes differently or refuses, and the caller must decode it
// with the reference.
func Decode(data []byte) (value any, ok bool) {
	value, _, ok = DecodeShaped(data, nil)
	return value, ok
}

// DecodeShaped is Decode with the objects shape marks hollow decoded
// empty (see Shape), and how many were.
func DecodeShaped(data []byte, shape *Shape) (value any, hollowed int, ok bool) {
	d := decoder{data: data}
	value, ok = d.value(0, shape)
	if !ok {
		return nil, 0, false
	}
	d.skipSpace()
	return value, d.hollowed, d.pos == len(d.data)
}

// decoder reads data from pos.
type decoder struct {
	data []byte
	pos  int
	// hollowed counts the objects decoded hollow; names holds the field
	// names of the objects being hollowed, outermost first.
	hollowed int
	names    []string
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// value reads the value at pos, at depth arrays and objects deep, as s
// shapes it.
func (d *decoder) value(depth int, s *Shape) (any, bool) {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return nil, false
	}
	switch c := d.data[d.pos]; {
	case c == '{' && s != nil && s.Hollow:
		return d.hollow(depth+1, s)
	case c == '{':
		return d.object(depth+1, s)
	case c == '[':
		return d.array(depth+1, s.items())
	case c == '"':
		return d.stringValue()
	case c == '-' || c >= '0' && c <= '9':
		return d.number()
	}
	return d.literal()
}

func (d *decoder) object(depth int, s *Shape) (any, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	d.pos++ // {
	obj := map[string]any{}
	d.skipSpace()
	if d.consume('}') {
		return obj, true
	}
	for {
		d.skipSpace()
		if d.pos >= len(d.data) || d.data[d.pos] != '"' {
			return nil, false
		}
		key, ok := d.string()
		if !ok {
			return nil, false
		}
		d.skipSpace()
		if !d.consume(':') {
			return nil, false
		}
		v, ok := d.value(depth, s.field(key))
		if !ok {
			return nil, false
		}
		fields := len(obj)
		if obj[key] = v; len(obj) == fields {
			return nil, false // the reference reports a duplicate field
		}
		d.skipSpace()
		if d.consume('}') {
			return obj, true
		}
		if !d.consume(',') {
			return nil, false
		}
	}
}

func (d *decoder) array(depth int, items *Shape) (any, bool) {
	if depth > MaxDepth {
		return nil, false
	}
	d.pos++ // [
	arr := make([]any, 0)
	d.skipSpace()
	if d.consume(']') {
		return arr, true
	}
	for {
		v, ok := d.value(depth, items)
		if !ok {
			return nil, false
		}
		arr = append(arr, v)
		d.skipSpace()
		if d.consume(']') {
			return arr, true
		}
		if !d.consume(',') {
			return nil, false
		}
	}
}

// consume reads c if it is next.
func (d *decoder) consume(c byte) bool {
	if d.pos < len(d.data) && d.data[d.pos] == c {
		d.pos++
		return true
	}
	return false
}

// literal reads true, false or null.
func (d *decoder) literal() (any, bool) {
	for _, l := range []struct {
		text  string
		value any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if end := d.pos + len(l.text); end <= len(d.data) && string(d.data[d.pos:end]) == l.text {
			d.pos = end
			return l.value, true
		}
	}
	return nil, false
}

// number reads a number of JSON's grammar as the reference converts it:
// an int64 when it has no '.' or exponent and fits, else a float64; out
// of range, it declines (the reference fails).
func (d *decoder) number() (any, bool) {
	start := d.pos
	d.consume('-')
	switch {
	case d.consume('0'):
	case d.digits() == 0:
		return nil, false
	}
	dot := d.consume('.')
	if dot && d.digits() == 0 {
		return nil, false
	}
	exponent := d.consume('e') || d.consume('E')
	if exponent {
		if !d.consume('+') {
			d.consume('-')
		}
		if d.digits() == 0 {
			return nil, false
		}
	}
	text := d.data[start:d.pos]
	if !dot && !exponent && len(text) <= maxShortInteger {
		return shortInteger(text), true
	}
	s := string(text)
	if !dot {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, true
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// maxShortInteger is the longest integer text, sign included, that
// always fits an int64 (18 digits), and is read without strconv (which
// needs it as a string).
const maxShortInteger = 18

// shortInteger is the value of an integer's text (an optional '-' and
// digits) of at most maxShortInteger bytes.
func shortInteger(text []byte) int64 {
	negative := text[0] == '-'
	if negative {
		text = text[1:]
	}
	var n int64
	for _, c := range text {
		n = n*10 + int64(c-'0')
	}
	if negative {
		return -n
	}
	return n
}

// digits reads the digits at pos and says how many.
func (d *decoder) digits() int {
	start := d.pos
	for d.pos < len(d.data) && d.data[d.pos] >= '0' && d.data[d.pos] <= '9' {
		d.pos++
	}
	return d.pos - start
}

// string reads a string at pos (its opening quote).
func (d *decoder) string() (string, bool) {
	s, _, ok := d.text()
	return s, ok
}

// stringValue reads a string at pos as the interface a value holds.
func (d *decoder) stringValue() (any, bool) {
	s, v, ok := d.text()
	if ok && v == nil {
		return s, true
	}
	return v, ok
}

// text reads a string at pos (its opening quote). Plain text is taken as
// it is, shared with earlier reads (see internedString), with the string
// as an interface when it is short; escapes, invalid UTF-8 and unpaired
// surrogates take the slow way, which replaces them as the reference
// does, and gives no interface.
func (d *decoder) text() (s string, v any, ok bool) {
	d.pos++ // "
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			s, v = internedString(d.data[start : d.pos-1])
			return s, v, true
		case c == '\\' || c >= utf8.RuneSelf:
			s, ok = d.slowString(start)
			return s, nil, ok
		case c < ' ':
			return "", nil, false // a control character: a syntax error
		}
		d.pos++
	}
	return "", nil, false
}

// slowString reads the rest of a string that began at start, with its
// escapes and its UTF-8 checked.
func (d *decoder) slowString(start int) (string, bool) {
	b := append(make([]byte, 0, d.pos-start+16), d.data[start:d.pos]...)
	for d.pos < len(d.data) {
		switch c := d.data[d.pos]; {
		case c == '"':
			d.pos++
			return string(b), true
		case c == '\\':
			var ok bool
			if b, ok = d.escape(b); !ok {
				return "", false
			}
		case c < ' ':
			return "", false
		case c < utf8.RuneSelf:
			b = append(b, c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(d.data[d.pos:])
			d.pos += size
			b = utf8.AppendRune(b, r) // RuneError for invalid bytes, as the reference coerces them
		}
	}
	return "", false
}

// escapes are JSON's one-character escapes.
var escapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// escape appends the escape at pos (its backslash) to b.
func (d *decoder) escape(b []byte) ([]byte, bool) {
	if d.pos+1 >= len(d.data) {
		return b, false
	}
	c := d.data[d.pos+1]
	if c != 'u' {
		if escapes[c] == 0 {
			return b, false
		}
		d.pos += 2
		return append(b, escapes[c]), true
	}
	r, ok := d.hex4(d.pos + 2)
	if !ok {
		return b, false
	}
	d.pos += 6
	if utf16.IsSurrogate(r) {
		// A pair when a valid low surrogate follows, else the replacement
		// character, the following escape read on its own.
		if d.pos+1 < len(d.data) && d.data[d.pos] == '\\' && d.data[d.pos+1] == 'u' {
			if r2, ok := d.hex4(d.pos + 2); ok {
				if pair := utf16.DecodeRune(r, r2); pair != unicode.ReplacementChar {
					d.pos += 6
					return utf8.AppendRune(b, pair), true
				}
			}
		}
		r = unicode.ReplacementChar
	}
	return utf8.AppendRune(b, r), true
}

// hex4 is the rune of the four hex digits at i.
func (d *decoder) hex4(i int) (rune, bool) {
	if i+4 > len(d.data) {
		return 0, false
	}
	var r rune
	for _, c := range d.data[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r*16 + rune(c)
	}
	return r, true
}
