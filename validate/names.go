package validate

import (
	"fmt"
	"regexp"
	"strings"
)

// The name rules below return human-readable problems, worded exactly as
// upstream words them (users and tests match on these details).

const (
	dnsLabelFmt     = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
	dnsLabelMsg     = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
	dnsLabelMaxLen  = 63
	dnsSubdomainFmt = dnsLabelFmt + "(\\." + dnsLabelFmt + ")*"
	dnsSubdomainMsg = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	// dnsSubdomainCaselessMsg is the message of the deprecated caseless form.
	dnsSubdomainCaselessMsg = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
	dnsSubdomainMaxLen      = 253

	labelKeyFmt    = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]"
	labelKeyMsg    = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
	labelKeyMaxLen = 63
	labelValueFmt  = "(" + labelKeyFmt + ")?"
	labelValueMsg  = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"

	cIdentifierFmt = "[A-Za-z_][A-Za-z0-9_]*"
	cIdentifierMsg = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'"
)

// dnsSubdomainCaselessRE is kept as a regular expression: its case folding
// also accepts a few non-ASCII letters (e.g. the Kelvin sign), which the
// deprecated format has always allowed.
var dnsSubdomainCaselessRE = regexp.MustCompile("^(?i)" + dnsSubdomainFmt + "$")

// regexProblem explains a failed pattern match, with examples of good
// values, punctuated exactly as upstream does ("(e.g. 'a',  or 'b', regex
// used for validation is '...')"), since tests and users match on it.
func regexProblem(msg, re string, examples ...string) string {
	if len(examples) == 0 {
		return msg + " (regex used for validation is '" + re + "')"
	}
	var b strings.Builder
	b.WriteString(msg + " (e.g. ")
	for i, e := range examples {
		if i > 0 {
			b.WriteString(" or ")
		}
		b.WriteString("'" + e + "', ")
	}
	b.WriteString("regex used for validation is '" + re + "')")
	return b.String()
}

func maxLenProblem(n int) string { return fmt.Sprintf("must be no more than %d bytes", n) }

const emptyProblem = "must be non-empty"

// dnsLabelProblems checks an RFC 1123 label ("short name").
func dnsLabelProblems(s string) []string {
	var problems []string
	if len(s) > dnsLabelMaxLen {
		problems = append(problems, maxLenProblem(dnsLabelMaxLen))
	}
	switch {
	case isDNSLabel(s, false):
	case isDNSSubdomain(s, false):
		// A valid subdomain within the length limit: the dots are the problem.
		problems = append(problems, "must not contain dots")
	default:
		problems = append(problems, regexProblem(dnsLabelMsg, dnsLabelFmt, "my-name", "123-abc"))
	}
	return problems
}

// dnsSubdomainProblems checks an RFC 1123 subdomain ("long name").
func dnsSubdomainProblems(s string) []string {
	return subdomainProblems(s, isDNSSubdomain(s, false), dnsSubdomainMsg, "example.com")
}

// dnsSubdomainCaselessProblems checks a subdomain that may use upper case.
func dnsSubdomainCaselessProblems(s string) []string {
	return subdomainProblems(s, dnsSubdomainCaselessRE.MatchString(s), dnsSubdomainCaselessMsg, "Example.com")
}

func subdomainProblems(s string, matches bool, msg, example string) []string {
	var problems []string
	if len(s) > dnsSubdomainMaxLen {
		problems = append(problems, maxLenProblem(dnsSubdomainMaxLen))
	}
	if !matches {
		problems = append(problems, regexProblem(msg, dnsSubdomainFmt, example))
	}
	return problems
}

// labelKeyProblems checks a label key: an optional DNS-subdomain prefix and
// "/", then a name of at most 63 characters.
func labelKeyProblems(s string) []string {
	var problems []string
	var name string
	switch parts := strings.Split(s, "/"); len(parts) {
	case 1:
		name = parts[0]
	case 2:
		name = parts[1]
		problems = append(problems, labelKeyPrefixProblems(parts[0])...)
	default:
		return []string{"a valid label key " + regexProblem(labelKeyMsg, labelKeyFmt, "MyName", "my.name", "123-abc") +
			" with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"}
	}
	switch {
	case name == "":
		problems = append(problems, "name part "+emptyProblem)
	case len(name) > labelKeyMaxLen:
		problems = append(problems, "name part "+maxLenProblem(labelKeyMaxLen))
	}
	if !isLabelKeyName(name) {
		problems = append(problems, "name part "+regexProblem(labelKeyMsg, labelKeyFmt, "MyName", "my.name", "123-abc"))
	}
	return problems
}

func labelKeyPrefixProblems(prefix string) []string {
	if prefix == "" {
		return []string{"prefix part " + emptyProblem}
	}
	problems := dnsSubdomainProblems(prefix)
	for i := range problems {
		problems[i] = "prefix part " + problems[i]
	}
	return problems
}

// prefixedLabelKeyProblems checks a label key that must have a prefix.
func prefixedLabelKeyProblems(s string) []string {
	if problems := labelKeyProblems(s); len(problems) > 0 {
		return problems
	}
	if !strings.Contains(s, "/") {
		return []string{"must include a prefix (e.g. 'example.com/key')"}
	}
	return nil
}

// labelValueProblems checks a label value; the empty string is valid.
func labelValueProblems(s string) []string {
	var problems []string
	if len(s) > labelKeyMaxLen {
		problems = append(problems, maxLenProblem(labelKeyMaxLen))
	}
	if s != "" && !isLabelKeyName(s) {
		problems = append(problems, regexProblem(labelValueMsg, labelValueFmt, "MyValue", "my_value", "12345"))
	}
	return problems
}

// pathSegmentProblems checks that a name can be a URL or file path segment.
// As upstream, it accepts the empty string and any length.
func pathSegmentProblems(s string) []string {
	if s == "." || s == ".." {
		return []string{fmt.Sprintf("may not be '%s'", s)}
	}
	var problems []string
	for _, bad := range []string{"/", "%"} {
		if strings.Contains(s, bad) {
			problems = append(problems, fmt.Sprintf("may not contain '%s'", bad))
		}
	}
	return problems
}

// cIdentifierProblems checks a C identifier.
func cIdentifierProblems(s string) []string {
	if isCIdentifier(s) {
		return nil
	}
	return []string{regexProblem(cIdentifierMsg, cIdentifierFmt, "my_name", "MY_NAME", "MyName")}
}
