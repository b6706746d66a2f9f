package values

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

func isDate(s string) bool {
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// isDateTime follows kube-openapi: the lowercased value is cut at its "t"s;
// before the first must be a date, between the first and the second a time
// hh:mm:ss with an optional fraction (any character but a newline, then
// digits) and a zone ("z" or ±hh:mm). What follows a second "t" is ignored.
func isDateTime(s string) bool {
	if len(s) < 4 {
		return false
	}
	lower := strings.ToLower(s)
	date, rest, found := strings.Cut(lower, "t")
	if !found || !isDate(date) {
		return false
	}
	clock, _, _ := strings.Cut(rest, "t")
	return isClock(clock)
}

func isClock(t string) bool {
	if len(t) < 8 || !allDigits(t[0:2]) || t[2] != ':' || !allDigits(t[3:5]) || t[5] != ':' || !allDigits(t[6:8]) {
		return false
	}
	if t[0:2] > "23" || t[3:5] > "59" || t[6:8] > "59" {
		return false
	}
	zone := t[8:]
	if isZone(zone) {
		return true
	}
	// A fraction: one character (a rune; an invalid byte counts as one), then digits.
	_, size := utf8.DecodeRuneInString(zone)
	if size == 0 || zone[0] == '\n' {
		return false
	}
	digits := zone[size:]
	n := 0
	for n < len(digits) && isDigit(digits[n]) {
		n++
	}
	return n > 0 && isZone(digits[n:])
}

func isZone(z string) bool {
	if z == "z" {
		return true
	}
	return len(z) == 6 && (z[0] == '+' || z[0] == '-') && allDigits(z[1:3]) && z[3] == ':' && allDigits(z[4:6])
}

// isDuration accepts what Go's time.ParseDuration accepts and, failing
// that, any text containing a number followed by a unit (ns, us, µs, ms, s,
// m, h, hr, d, w, wk, or a word starting with nano, micro, milli, sec, min,
// hour, day or week), as kube-openapi's Scala-compatible parser. A number
// too large for an int makes the whole value invalid.
func isDuration(s string) bool {
	if _, err := time.ParseDuration(s); err == nil {
		return true
	}
	ok := false
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		digitsEnd := i
		for digitsEnd < len(s) && isDigit(s[digitsEnd]) {
			digitsEnd++
		}
		unitStart := digitsEnd + len(s[digitsEnd:]) - len(trimRegexpSpace(s[digitsEnd:]))
		unitEnd := unitStart
		for unitEnd < len(s) {
			switch {
			case isASCIILetter(s[unitEnd]):
				unitEnd++
				continue
			case strings.HasPrefix(s[unitEnd:], "\u00b5"):
				unitEnd += len("\u00b5")
				continue
			}
			break
		}
		if unitEnd == unitStart {
			i = digitsEnd
			continue
		}
		if _, err := strconv.Atoi(s[i:digitsEnd]); err != nil {
			return false
		}
		ok = ok || isDurationUnit(strings.ToLower(s[unitStart:unitEnd]))
		i = unitEnd
	}
	return ok
}

var (
	durationUnits        = []string{"ns", "us", "\u00b5s", "ms", "s", "m", "h", "hr", "d", "w", "wk"}
	durationUnitPrefixes = []string{"nano", "micro", "milli", "sec", "min", "hour", "day", "week"}
)

func isDurationUnit(unit string) bool {
	for _, u := range durationUnits {
		if strings.EqualFold(u, unit) {
			return true
		}
	}
	for _, p := range durationUnitPrefixes {
		if strings.HasPrefix(unit, p) || strings.EqualFold(p, unit) {
			return true
		}
	}
	return false
}
