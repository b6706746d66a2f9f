package manifest

import "bytes"

// This file reads the block scalars of decodeBlockYAML: literal ("|") and
// folded (">"), with or without a chomping indicator ('-' strips the final
// newline, '+' keeps the empty lines after it). An indentation indicator
// ("|2") or anything else after the header but a comment is declined.
//
// The lines are joined as yaml.v2's scanner joins them
// (yaml_parser_scan_block_scalar): the indentation is that of the first
// line with text (or deeper, if an empty line before it is), and at least
// one more than the collection's column; a line indented less ends the
// scalar; a folded scalar joins two lines with a space unless an empty
// line is between them or either is more indented.

// blockScalar reads the block scalar whose header is at offset start of
// the current line, in a collection at column col, and moves to the first
// content line after it.
func (p *blockParser) blockScalar(start, col int) (any, bool) {
	b := blockBuilder{folded: p.line[start] == '>'}
	end := start + 1
	if end < len(p.line) && (p.line[end] == '-' || p.line[end] == '+') {
		b.chomp = p.line[end]
		end++
	}
	if !endsLine(p.line, end) {
		return nil, false
	}
	indent, ok := p.blockIndent(col)
	if !ok {
		return nil, false
	}
	p.blockLines(&b, indent)
	p.advance()
	return p.walk.string(string(b.finish())), true
}

// rawLine returns the line at offset at of src without its newline, the
// offset of the next line, and whether a newline ended it.
func rawLine(src []byte, at int) (line []byte, next int, broken bool) {
	rest := src[at:]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		return rest, len(src), false
	}
	return rest[:end], at + end + 1, true
}

// blockIndent returns the indentation of the block scalar whose lines
// start at p.next: the deepest of its leading empty lines and its first
// line with text, and at least col+1. It declines a first line with text
// indented more than the collection but less than an empty line before it
// (yaml.v2 then reads an empty scalar and fails on that line).
func (p *blockParser) blockIndent(col int) (int, bool) {
	indent := col + 1
	for at := p.next; at < len(p.src); {
		line, next, _ := rawLine(p.src, at)
		spaces := leadingSpaces(line, 0)
		if spaces < len(line) {
			return max(indent, spaces), spaces >= indent || spaces <= col
		}
		indent = max(indent, spaces)
		at = next
	}
	return indent, true
}

// blockLines gives b the lines of the block scalar that start at p.next,
// indented by indent, and leaves p.next at the line after them.
func (p *blockParser) blockLines(b *blockBuilder, indent int) {
	for p.next < len(p.src) {
		line, next, broken := rawLine(p.src, p.next)
		spaces := leadingSpaces(line, 0)
		switch {
		case spaces == len(line) && spaces <= indent:
			if broken { // yaml.v2 ignores the spaces ending the text
				b.breaks++
			}
		case spaces < indent:
			return // the line is the collection's
		default:
			b.add(line[indent:], broken)
		}
		p.next = next
	}
}

// blockBuilder joins the lines of a block scalar.
type blockBuilder struct {
	text      []byte
	folded    bool
	chomp     byte // '-', '+' or none
	lineBreak bool // the last line with text ended with a newline
	breaks    int  // empty lines since that line
	indented  bool // that line was more indented than the scalar
}

// add appends a line with text, without the scalar's indentation.
func (b *blockBuilder) add(content []byte, broken bool) {
	indented := content[0] == ' '
	switch {
	case b.folded && b.lineBreak && !b.indented && !indented:
		if b.breaks == 0 {
			b.text = append(b.text, ' ')
		}
	case b.lineBreak:
		b.text = append(b.text, '\n')
	}
	b.text = appendNewlines(b.text, b.breaks)
	b.breaks = 0
	b.indented = indented
	b.text = append(b.text, content...)
	b.lineBreak = broken
}

// finish chomps the end of the text.
func (b *blockBuilder) finish() []byte {
	if b.chomp != '-' && b.lineBreak {
		b.text = append(b.text, '\n')
	}
	if b.chomp == '+' {
		b.text = appendNewlines(b.text, b.breaks)
	}
	return b.text
}

func appendNewlines(b []byte, n int) []byte {
	for range n {
		b = append(b, '\n')
	}
	return b
}
