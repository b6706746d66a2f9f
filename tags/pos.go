package tags

import "fmt"

// Pos is a place in a source file. Line and Column count from 1; a zero Pos
// means the place is unknown.
type Pos struct {
	File   string
	Line   int
	Column int
}

// IsKnown reports whether the position names a file.
func (p Pos) IsKnown() bool { return p.File != "" }

// String renders the position as "file:line" or "file:line:column", the form
// editors and compilers use.
func (p Pos) String() string {
	switch {
	case !p.IsKnown():
		return "<unknown>"
	case p.Column > 0:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
	default:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
}

// Error is a syntax error in a tag.
type Error struct {
	// Pos is where the tag starts.
	Pos Pos
	// Text is the tag as written, without the leading "+".
	Text string
	// Offset is the byte offset in Text where parsing failed.
	Offset int
	// Msg says what is wrong.
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: +%s: %s at column %d", e.Pos, e.Text, e.Msg, e.Offset+1)
}
