package stdgen

import (
	"bytes"
	"strings"
)

// description turns comment lines into a description as openapi-gen does:
// lines join with spaces, a blank line is a paragraph break, indented lines
// keep their own line, and "+tags", one-line TODOs and everything after a
// "---" line are left out.
func description(lines []string) string {
	var buf bytes.Buffer
	dropLast := func() {
		if buf.Len() > 0 {
			buf.Truncate(buf.Len() - 1) // the space or newline after the previous line
		}
	}
	for _, line := range lines {
		if line == "---" {
			break
		}
		line = strings.TrimRight(line, " ")
		leading := strings.TrimLeft(line, " ")
		switch {
		case line == "":
			dropLast()
			buf.WriteString("\n\n")
		case strings.HasPrefix(leading, "TODO"), strings.HasPrefix(leading, "+"):
		case strings.HasPrefix(line, " "), strings.HasPrefix(line, "\t"):
			dropLast()
			buf.WriteString("\n" + line + "\n")
		default:
			buf.WriteString(line + " ")
		}
	}
	return strings.TrimSpace(buf.String())
}

// tags extracts the "+key=value" comment tags: every value of a key, "" for
// a tag without a value.
func tags(lines []string) map[string][]string {
	out := map[string][]string{}
	for _, line := range lines {
		line = strings.Trim(line, " ")
		rest, ok := strings.CutPrefix(line, "+")
		if !ok {
			continue
		}
		key, value, _ := strings.Cut(rest, "=")
		out[key] = append(out[key], value)
	}
	return out
}
