package manifest

import "strings"

// This file reads the quoted scalars of decodeBlockYAML. A quoted value
// may go on over lines more indented than its collection (keys and flow
// collections stay on one line); yaml.v2 then drops the spaces around each
// line break and joins the lines by a space, or by a newline for each
// empty line between them.

// quotedEnd returns the offset after the quote that closes the quoted
// scalar opening at offset start of line; not ok when it does not close on
// the line.
func quotedEnd(line []byte, start int) (int, bool) {
	end, ok := closingQuote(line, start+1, line[start])
	return end + 1, ok
}

// closingQuote returns the offset of the quote that closes a quoted scalar
// on line, from offset from: the first quote not doubled (”) in a
// single-quoted scalar, or not escaped in a double-quoted one.
func closingQuote(line []byte, from int, quote byte) (int, bool) {
	for i := from; i < len(line); i++ {
		switch {
		case line[i] == '\\' && quote == '"':
			i++
		case line[i] != quote:
		case quote == '\'' && i+1 < len(line) && line[i+1] == '\'':
			i++
		default:
			return i, true
		}
	}
	return 0, false
}

// yamlEscapes are the escapes of double-quoted scalars that the subset
// reads, each one byte, and escaped the bytes they stand for. The others
// (\x, \u, \U, \N, \_, \L, \P and escaped line breaks) are declined, as is
// an unknown escape, which yaml.v2 refuses.
const (
	yamlEscapes = "0abtnvfre \"'\\"
	escaped     = "\x00\a\b\t\n\v\f\r\x1b \"'\\"
)

// appendQuotedLine appends to text the part of a quoted scalar that is on
// one line, without quotes, unescaped ("”" is a quote in a single-quoted
// scalar). When the scalar goes on to the next line (lineEnds), the spaces
// ending the part are dropped, but not an escaped one. Not ok for an
// escape the subset does not read.
func appendQuotedLine(text, part []byte, quote byte, lineEnds bool) ([]byte, bool) {
	kept := len(text) // the length without the spaces that may be dropped
	for i := 0; i < len(part); i++ {
		c, space := part[i], part[i] == ' '
		switch {
		case c == '\\' && quote == '"':
			if i+1 == len(part) || strings.IndexByte(yamlEscapes, part[i+1]) < 0 {
				return nil, false
			}
			i++
			c = escaped[strings.IndexByte(yamlEscapes, part[i])]
		case c == '\'' && quote == '\'':
			i++ // the first of "''"
		}
		text = append(text, c)
		if !space {
			kept = len(text)
		}
	}
	if lineEnds {
		text = text[:kept]
	}
	return text, true
}

// quotedLines reads the quoted scalar opening at offset start of the
// current line and closing on a line below, in a collection at column col,
// and moves to the first content line after it. It declines a line of it
// indented no more than the collection (yaml.v2 may take it, YAML does not).
func (p *blockParser) quotedLines(start, col int) (any, bool) {
	quote := p.line[start]
	text, ok := appendQuotedLine(nil, p.line[start+1:], quote, true)
	for at := p.next; ok; {
		line, spaces, next, breaks := textLine(p.src, at)
		if line == nil || spaces <= col {
			return nil, false // not closed, or on a line yaml.v2 may take
		}
		end, closed := closingQuote(line, spaces, quote)
		if !closed {
			end = len(line)
		}
		text, ok = appendQuotedLine(joinLines(text, breaks), line[spaces:end], quote, !closed)
		if closed {
			p.next = next
			return p.closeQuotedLines(text, line, end+1, ok)
		}
		at = next
	}
	return nil, false
}

// closeQuotedLines ends a quoted scalar of many lines whose closing quote
// is before offset after of its last line.
func (p *blockParser) closeQuotedLines(text, line []byte, after int, ok bool) (any, bool) {
	if !ok || !endsLine(line, after) {
		return nil, false
	}
	p.advance()
	return p.walk.string(string(text)), true
}

// joinLines appends the break between two lines of a scalar after the
// given number of empty lines: a space, or a newline for each.
func joinLines(text []byte, breaks int) []byte {
	if breaks == 0 {
		return append(text, ' ')
	}
	return appendNewlines(text, breaks)
}
