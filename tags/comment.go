package tags

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
)

// CommentLines returns the text lines of a comment group with their
// positions, without comment markers and without compiler directives
// (//go:generate, //line), as ast.CommentGroup.Text would. Both generators
// (validation code and CRDs) read tags from these lines, so a tag has the
// same position in both.
func CommentLines(fset *token.FileSet, g *ast.CommentGroup) []Line {
	if g == nil {
		return nil
	}
	var lines []Line
	for _, c := range g.List {
		pos := fset.Position(c.Slash)
		if strings.HasPrefix(c.Text, "//") {
			text, col := c.Text[2:], pos.Column+2
			if isDirective(text) {
				continue
			}
			if strings.HasPrefix(text, " ") {
				text, col = text[1:], col+1
			}
			lines = append(lines, Line{Text: text, Pos: Pos{File: pos.Filename, Line: pos.Line, Column: col}})
			continue
		}
		body := strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
		for i, text := range strings.Split(body, "\n") {
			p := Pos{File: pos.Filename, Line: pos.Line + i, Column: 1}
			if i == 0 {
				p.Column = pos.Column + 2
			}
			lines = append(lines, Line{Text: text, Pos: p})
		}
	}
	return lines
}

var directive = regexp.MustCompile(`^(line |extern |export |[a-z0-9]+:[a-z0-9])`)

func isDirective(text string) bool { return directive.MatchString(text) }
