package validate

import (
	"regexp"
	"testing"
)

// The matchers must accept exactly what the regular expressions in the
// error messages describe.
var matcherPatterns = []struct {
	name  string
	re    *regexp.Regexp
	match func(string) bool
}{
	{"dns label", regexp.MustCompile("^" + dnsLabelFmt + "$"), func(s string) bool { return isDNSLabel(s, false) }},
	{"dns subdomain", regexp.MustCompile("^" + dnsSubdomainFmt + "$"), func(s string) bool { return isDNSSubdomain(s, false) }},
	{"label key name", regexp.MustCompile("^" + labelKeyFmt + "$"), isLabelKeyName},
	{"label value", regexp.MustCompile("^" + labelValueFmt + "$"), func(s string) bool { return s == "" || isLabelKeyName(s) }},
	{"c identifier", regexp.MustCompile("^" + cIdentifierFmt + "$"), isCIdentifier},
}

var matcherSeeds = []string{"", "a", "A", "-", "a-", "-a", "a-b", "a.b", "a..b", ".a", "a.", "_", "_a", "1a", "a_b", "a b",
	"abc.def-1.x", "ab\n", "Ab.Cd", "k\u212a", "ü", "0", "a.-b", "a-.b"}

func TestMatchersAgreeWithTheirRegexps(t *testing.T) {
	for _, s := range matcherSeeds {
		checkMatchers(t, s)
	}
}

func FuzzMatchersAgreeWithTheirRegexps(f *testing.F) {
	for _, s := range matcherSeeds {
		f.Add(s)
	}
	f.Fuzz(checkMatchers)
}

func checkMatchers(t *testing.T, s string) {
	for _, p := range matcherPatterns {
		if got, want := p.match(s), p.re.MatchString(s); got != want {
			t.Errorf("%s(%q) = %v, the regexp says %v", p.name, s, got, want)
		}
	}
}
