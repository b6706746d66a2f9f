package tags

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is one line of a comment, without the comment markers, and where it
// was written.
type Line struct {
	Text string
	Pos  Pos
}

// Found is a tag line found in a comment, not yet parsed.
type Found struct {
	// Name is the tag name, e.g. "k8s:minimum".
	Name string
	// Text is the whole tag without the leading "+", e.g. "k8s:minimum=0".
	Text string
	// Pos is where the "+" is.
	Pos Pos
}

// Extract returns the tag lines among lines whose name starts with prefix
// (e.g. "k8s:"; "" for all), in source order. A tag line starts with "+"
// after optional spaces and tabs.
func Extract(lines []Line, prefix string) []Found {
	var found []Found
	for _, l := range lines {
		f, ok := extractLine(l)
		if ok && strings.HasPrefix(f.Name, prefix) {
			found = append(found, f)
		}
	}
	return found
}

func extractLine(l Line) (Found, bool) {
	trimmed := strings.TrimLeft(l.Text, " \t")
	if !strings.HasPrefix(trimmed, "+") {
		return Found{}, false
	}
	text := strings.TrimRight(trimmed[1:], " \t\r")
	name := text[:nameEnd(text)]
	if name == "" {
		return Found{}, false
	}
	pos := l.Pos
	if pos.IsKnown() {
		pos.Column += len(l.Text) - len(trimmed)
	}
	return Found{Name: name, Text: text, Pos: pos}, true
}

// nameEnd returns the length of the tag name at the start of s.
func nameEnd(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || !isIdentStart(r) {
		return 0
	}
	end := strings.IndexFunc(s, func(r rune) bool { return !isNameChar(r) })
	if end < 0 {
		return len(s)
	}
	return end
}

func isIdentStart(r rune) bool { return unicode.IsLetter(r) || r == '_' }

func isIdentChar(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' || r == '-'
}

func isNameChar(r rune) bool { return isIdentChar(r) || r == ':' }
