package manifest

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file models what json.Marshal writes for a string or a number and
// what decodeJSON reads back, for yamlWalk.

// escapedLen is how many bytes json.Marshal writes for each ASCII byte of
// a string: 1 for most, 2 for \" \\ \b \f \n \r \t, 6 for \u00XX (other
// control characters, and < > & which it escapes for HTML).
var escapedLen = func() (n [utf8.RuneSelf]uint8) {
	for b := range n {
		switch {
		case b == '"' || b == '\\' || b == '\b' || b == '\f' || b == '\n' || b == '\r' || b == '\t':
			n[b] = 2
		case b < 0x20 || b == '<' || b == '>' || b == '&':
			n[b] = 6
		default:
			n[b] = 1
		}
	}
	return n
}()

// string counts s as json.Marshal writes it and returns what decodeJSON
// reads back: s, or s with each byte that is not UTF-8 replaced by U+FFFD.
func (w *yamlWalk) string(s string) string {
	size, valid := len(`""`), true
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			size += int(escapedLen[b])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			size += len(`\ufffd`)
			valid = false
		case r == '\u2028' || r == '\u2029':
			size += len(`\u2028`)
		default:
			size += n
		}
		i += n
	}
	w.size += size
	if valid {
		return s
	}
	return replaceInvalidUTF8(s)
}

// replaceInvalidUTF8 replaces each byte that is not part of a UTF-8
// character by U+FFFD, as json.Marshal does (strings.ToValidUTF8 would
// replace a run of them by one).
func replaceInvalidUTF8(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// float counts f as json.Marshal writes it and returns what decodeJSON
// reads back: 3.0 is written "3" and read as int64 3.
func (w *yamlWalk) float(f float64) any {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.unmodelled = true // json.Marshal refuses it
		return nil
	}
	return w.number(appendJSONFloat(w.scratch[:0], f))
}

// number counts a number written as text and returns what decodeJSON reads
// from that text: an int64 when it has no '.' and fits, else a float64.
func (w *yamlWalk) number(text []byte) any {
	w.size += len(text)
	s := string(text)
	if !strings.Contains(s, ".") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		w.unmodelled = true // cannot happen: the text is a float64's
		return nil
	}
	return f
}

// appendJSONFloat writes a finite f as encoding/json does: like %g but
// with ES6's exponent cutoffs and no padding of the exponent.
func appendJSONFloat(b []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}
