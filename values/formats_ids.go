package values

import "strings"

// isBSONObjectID accepts the 24 hex digits of a 12-byte ObjectID.
func isBSONObjectID(s string) bool { return len(s) == 24 && allHex(s) }

// uuidVersion constrains the version digit (third group) and, for RFC 4122
// variants, the first digit of the fourth group.
type uuidVersion struct {
	version byte // 0: any
	variant bool // fourth group starts with 8, 9, a or b
}

func isUUID(s string) bool { return matchUUID(s, uuidVersion{}) }

func isUUID3(s string) bool { return matchUUID(s, uuidVersion{version: '3'}) }

func isUUID4(s string) bool { return matchUUID(s, uuidVersion{version: '4', variant: true}) }

func isUUID5(s string) bool { return matchUUID(s, uuidVersion{version: '5', variant: true}) }

// matchUUID accepts 8-4-4-4-12 hex digits, any case, each dash optional.
func matchUUID(s string, v uuidVersion) bool {
	groups := [5]int{8, 4, 4, 4, 12}
	pos := 0
	for g, size := range groups {
		if g > 0 && pos < len(s) && s[pos] == '-' {
			pos++
		}
		if pos+size > len(s) || !allHex(s[pos:pos+size]) {
			return false
		}
		switch {
		case g == 2 && v.version != 0 && s[pos] != v.version:
			return false
		case g == 3 && v.variant && !strings.ContainsRune("89abAB", rune(s[pos])):
			return false
		}
		pos += size
	}
	return pos == len(s)
}

// removeISBNSeparators drops ASCII whitespace (\s: tab, newline, form feed,
// carriage return, space) and dashes.
func removeISBNSeparators(s string) string {
	if !strings.ContainsAny(s, "\t\n\f\r -") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune("\t\n\f\r -", rune(s[i])) {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func isISBN(s string) bool { return isISBN10(s) || isISBN13(s) }

func isISBN10(s string) bool {
	s = removeISBNSeparators(s)
	if len(s) != 10 || !allDigits(s[:9]) || !(isDigit(s[9]) || s[9] == 'X') {
		return false
	}
	sum := 0
	for i := 0; i < 9; i++ {
		sum += (i + 1) * int(s[i]-'0')
	}
	if s[9] == 'X' {
		sum += 100
	} else {
		sum += 10 * int(s[9]-'0')
	}
	return sum%11 == 0
}

func isISBN13(s string) bool {
	s = removeISBNSeparators(s)
	if len(s) != 13 || !allDigits(s) {
		return false
	}
	sum := 0
	for i := 0; i < 12; i++ {
		factor := 1
		if i%2 == 1 {
			factor = 3
		}
		sum += factor * int(s[i]-'0')
	}
	return int(s[12]-'0') == (10-sum%10)%10
}

// isCreditCard keeps the ASCII digits of s, requires a known issuer prefix
// with its length, and checks the Luhn sum.
func isCreditCard(s string) bool {
	var buf [32]byte
	digits := buf[:0]
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) {
			digits = append(digits, s[i])
		}
	}
	if !knownCardPrefix(string(digits)) {
		return false
	}
	sum, double := 0, false
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d >= 10 {
				d = d%10 + 1
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

func knownCardPrefix(d string) bool {
	has := func(prefix string, length int) bool { return len(d) == length && strings.HasPrefix(d, prefix) }
	inRange := func(pos int, lo, hi byte) bool { return len(d) > pos && d[pos] >= lo && d[pos] <= hi }
	switch {
	case has("4", 13), has("4", 16):
	case len(d) == 16 && d[0] == '5' && inRange(1, '1', '5'):
	case has("6011", 16), has("65", 16):
	case len(d) == 15 && d[0] == '3' && (d[1] == '4' || d[1] == '7'):
	case has("30", 14) && inRange(2, '0', '5'):
	case len(d) == 14 && d[0] == '3' && (d[1] == '6' || d[1] == '8'):
	case has("2131", 15), has("1800", 15), has("35", 16):
	default:
		return false
	}
	return true
}

// isSSN accepts ddd-dd-dddd with each separator a dash or a space: the
// pattern allows omitting them, but the length must be 11.
func isSSN(s string) bool {
	if len(s) != 11 {
		return false
	}
	sep := func(c byte) bool { return c == '-' || c == ' ' }
	return allDigits(s[0:3]) && sep(s[3]) && allDigits(s[4:6]) && sep(s[6]) && allDigits(s[7:11])
}
