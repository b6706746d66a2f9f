package cli

import (
	"fmt"
	"strings"
)

// Every string from user input (a kind, an apiVersion, a map key in a
// field path, a warning naming one) is escaped for the output it goes
// into, so that it can neither break a line nor drive the terminal: in
// CI, a line that starts with "::" is a workflow command GitHub Actions
// runs (::error forges an annotation on any file, ::add-mask:: hides
// words), whatever the format kval was asked for. The line formats (text,
// the summary lines, TAP's descriptions) show control characters Go's
// way (printable), GitHub's commands as %XX (githubEscape); JSON, YAML,
// SARIF and JUnit escape them by their own syntax. File names are escaped
// by manifest.EscapeName.

// printable is s with its control characters (C0 but tab, DEL, C1) and
// the Unicode line and paragraph separators written as Go escapes: \n,
// \r, \x1b, \u2028.
func printable(s string) string {
	if !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case unprintable(r) && r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unprintable(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func unprintable(r rune) bool {
	return r < 0x20 && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 || r == 0x2028 || r == 0x2029
}
