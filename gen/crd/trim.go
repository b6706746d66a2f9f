package crd

import "strings"

// trimmedTag returns a comment line's tag without "+" and surrounding
// space, or "" when the line is not a tag.
func trimmedTag(line string) string {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "+") {
		return ""
	}
	return t[1:]
}
