package validate

import "strings"

// Matchers for the name formats. They accept exactly what the regular
// expressions quoted in the error messages accept (names.go), but scan the
// bytes directly: validation runs on every request, and these formats are
// the most used.

func isLowerAlnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }

func isAlnum(c byte) bool { return isLowerAlnum(c) || c >= 'A' && c <= 'Z' }

// isDNSLabel matches [a-z0-9]([-a-z0-9]*[a-z0-9])? (or, caseless, with
// upper case letters too).
func isDNSLabel(s string, caseless bool) bool {
	alnum := isLowerAlnum
	if caseless {
		alnum = isAlnum
	}
	if s == "" || !alnum(s[0]) || !alnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !alnum(c) && c != '-' {
			return false
		}
	}
	return true
}

// isDNSSubdomain matches labels separated by dots.
func isDNSSubdomain(s string, caseless bool) bool {
	for {
		label, rest, more := strings.Cut(s, ".")
		if !isDNSLabel(label, caseless) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

// isLabelKeyName matches ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9].
func isLabelKeyName(s string) bool {
	if s == "" || !isAlnum(s[0]) || !isAlnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlnum(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isCIdentifier matches [A-Za-z_][A-Za-z0-9_]*.
func isCIdentifier(s string) bool {
	if s == "" || !(isAlnum(s[0]) && !(s[0] >= '0' && s[0] <= '9') || s[0] == '_') {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' {
			return false
		}
	}
	return true
}
