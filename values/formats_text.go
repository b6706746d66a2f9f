package values

import "strings"

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

func isHexColor(s string) bool {
	s = strings.TrimPrefix(s, "#")
	return (len(s) == 3 || len(s) == 6) && allHex(s)
}

// isRGBColor accepts rgb(R, G, B) with components 0 to 255 written without
// leading zeros and ASCII whitespace around them.
func isRGBColor(s string) bool {
	rest, ok := strings.CutPrefix(s, "rgb(")
	if !ok {
		return false
	}
	for i, closing := range []byte{',', ',', ')'} {
		rest = trimRegexpSpace(rest)
		n := 0
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if !isByteDecimal(rest[:n]) {
			return false
		}
		rest = trimRegexpSpace(rest[n:])
		if rest == "" || rest[0] != closing {
			return false
		}
		rest = rest[1:]
		if i == 2 && rest != "" {
			return false
		}
	}
	return true
}

// trimRegexpSpace drops leading \s of Go's regexp: tab, newline, form feed,
// carriage return and space.
func trimRegexpSpace(s string) string {
	return strings.TrimLeft(s, "\t\n\f\r ")
}

func isByteDecimal(d string) bool {
	switch {
	case d == "" || len(d) > 3 || len(d) > 1 && d[0] == '0':
		return false
	case len(d) < 3:
		return true
	}
	return d <= "255"
}

func isBase64Char(c byte) bool {
	return isASCIILetter(c) || isDigit(c) || c == '+' || c == '/'
}

// isBase64 accepts padded standard base64 of at least one byte.
func isBase64(s string) bool {
	if len(s) == 0 || len(s)%4 != 0 {
		return false
	}
	body, last := s[:len(s)-4], s[len(s)-4:]
	for i := 0; i < len(body); i++ {
		if !isBase64Char(body[i]) {
			return false
		}
	}
	if !isBase64Char(last[0]) || !isBase64Char(last[1]) {
		return false
	}
	switch {
	case last[2] == '=':
		return last[3] == '='
	case !isBase64Char(last[2]):
		return false
	}
	return last[3] == '=' || isBase64Char(last[3])
}

// isShortName accepts a DNS label without uppercase letters: up to 63
// lowercase alphanumerics and dashes, alphanumeric at both ends.
func isShortName(s string) bool { return len(s) <= 63 && isNameLabel(s) }

// isLongName accepts dot-separated short-name labels (of any length), up to
// 253 characters in all.
func isLongName(s string) bool {
	if len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if !isNameLabel(label) {
			return false
		}
	}
	return true
}

func isNameLabel(s string) bool {
	if s == "" {
		return false
	}
	alnum := func(c byte) bool { return c >= 'a' && c <= 'z' || isDigit(c) }
	if !alnum(s[0]) || !alnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if !alnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}
