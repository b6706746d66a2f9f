package manifest

import (
	"bytes"
	"unicode/utf8"
)

// This file is decodeYAML's fast path: a decoder of the block-style YAML
// that manifests are written in, which reads a document line by line
// instead of through yaml.v2's scanner, parser and node tree. It answers
// exactly as yaml.v2 and yamlWalk would, or not at all: whatever it is not
// sure of (see doc.go) it declines, and decodeYAML takes the slow path.

// blockMaxDepth bounds the nesting the fast path accepts. Deeper documents
// are declined: they are not worth a fast path, and the bound keeps the
// recursion short and well below yaml.v2's and MaxDepth's limits, whose
// errors stay the slow path's to give.
const blockMaxDepth = 100

// decodeBlockYAML returns what decodeYAML's yaml.v2 path returns for raw,
// with ok, when raw is block-style YAML of the subset it reads and that
// path would give a value; otherwise nil and not ok.
func decodeBlockYAML(raw []byte) (value any, ok bool) {
	p := blockParser{src: raw}
	return p.document()
}

// document reads the whole document.
func (p *blockParser) document() (value any, ok bool) {
	if !readableText(p.src) {
		return nil, false
	}
	p.advance()
	if !p.skipDocumentStart() {
		return nil, false
	}
	if p.done { // only comments: null
		p.walk.size += len("null")
		return nil, true
	}
	value, ok = p.mapping(p.indent, 1)
	if !ok || !p.done || p.marker || p.walk.unmodelled || p.walk.size > MaxDocumentBytes {
		return nil, false
	}
	return value, true
}

// blockParser reads a document a content line at a time: lines that are
// blank or only a comment are skipped as yaml.v2 skips them.
type blockParser struct {
	src    []byte
	next   int    // offset of the line after the current one
	line   []byte // the current content line, without its newline
	indent int    // its leading spaces; -1 once done
	done   bool   // no content line is left
	marker bool   // the last line read starts with "---" or "...": a document marker
	walk   yamlWalk
}

// advance moves to the next content line. A document marker ends the
// lines the parser sees and is remembered, so that the document is
// declined.
func (p *blockParser) advance() {
	for p.next < len(p.src) {
		var line []byte
		line, p.next, _ = rawLine(p.src, p.next)
		indent := leadingSpaces(line, 0)
		if indent == len(line) || line[indent] == '#' {
			continue
		}
		if indent == 0 && (bytes.HasPrefix(line, []byte("---")) || bytes.HasPrefix(line, []byte("..."))) {
			p.marker = true
			p.line, p.indent, p.done = line, -1, true
			return
		}
		p.line, p.indent = line, indent
		return
	}
	p.line, p.indent, p.done = nil, -1, true
}

// skipDocumentStart passes a leading "---" line (the splitter cuts them,
// but a caller need not), and reports whether there was no other marker.
func (p *blockParser) skipDocumentStart() bool {
	if !p.marker {
		return true
	}
	if !bytes.HasPrefix(p.line, []byte("---")) || !endsLine(p.line, 3) {
		return false
	}
	p.marker, p.done = false, false
	p.advance()
	return !p.marker
}

// leadingSpaces counts the spaces of line from offset i.
func leadingSpaces(line []byte, i int) int {
	n := i
	for n < len(line) && line[n] == ' ' {
		n++
	}
	return n - i
}

// skipSpaces returns the offset of the first byte that is not a space
// from offset i of line.
func skipSpaces(line []byte, i int) int {
	return i + leadingSpaces(line, i)
}

// endsLine reports whether only spaces or a comment follow offset i of
// line. yaml.v2 takes a '#' for a comment right after a quote or a
// bracket too; the subset wants a space before it, as YAML does.
func endsLine(line []byte, i int) bool {
	rest := skipSpaces(line, i)
	return rest == len(line) || (rest > i && line[rest] == '#')
}

// isDash reports whether a block sequence entry starts at offset i of the
// current line: "-" followed by a space or the end of the line.
func (p *blockParser) isDash(i int) bool {
	return i < len(p.line) && p.line[i] == '-' && (i+1 == len(p.line) || p.line[i+1] == ' ')
}

// node reads the block mapping or sequence starting at column col of the
// current line.
func (p *blockParser) node(col, depth int) (any, bool) {
	if p.isDash(col) {
		return p.sequence(col, depth)
	}
	return p.mapping(col, depth)
}

// mapping reads a block mapping whose keys are at column col, the first at
// column col of the current line (after "- " for a compact mapping).
func (p *blockParser) mapping(col, depth int) (any, bool) {
	if depth > blockMaxDepth {
		return nil, false
	}
	m := make(map[string]any)
	for {
		if !p.entry(m, col, depth) {
			return nil, false
		}
		if p.indent != col {
			break
		}
	}
	if p.indent > col { // a continuation line, or an error
		return nil, false
	}
	p.walk.enter(depth, len(m))
	return m, true
}

// entry reads the "key: value" at column col of the current line into m.
func (p *blockParser) entry(m map[string]any, col, depth int) bool {
	key, after, ok := p.key(col)
	if !ok {
		return false
	}
	if _, dup := m[key]; dup {
		return false // yaml.v2 refuses it
	}
	value, ok := p.afterIndicator(after, col, depth+1, true)
	m[key] = value
	return ok
}

// sequence reads a block sequence whose dashes are at column col.
func (p *blockParser) sequence(col, depth int) (any, bool) {
	if depth > blockMaxDepth {
		return nil, false
	}
	items := make([]any, 0, 4)
	for p.indent == col && p.isDash(col) {
		item, ok := p.item(col, depth+1)
		if !ok {
			return nil, false
		}
		items = append(items, item)
	}
	if p.indent > col {
		return nil, false
	}
	p.walk.enter(depth, len(items))
	return items, true
}

// item reads the sequence entry whose dash is at column col of the
// current line: a node after "- " on the same line, or on the next lines.
func (p *blockParser) item(col, depth int) (any, bool) {
	start := skipSpaces(p.line, col+1)
	switch {
	case p.isDash(start):
		return nil, false // "- - a": a compact sequence
	case start < len(p.line) && p.line[start] != '#' && p.isKey(start):
		return p.mapping(start, depth)
	}
	return p.afterIndicator(col+1, col, depth, false)
}

// afterIndicator reads the value after a key's ':' or an entry's '-' at
// offset at of the current line, in a collection at column col: inline
// up to the end of the line, or the node on the lines below.
func (p *blockParser) afterIndicator(at, col, depth int, inMapping bool) (any, bool) {
	start := skipSpaces(p.line, at)
	if start < len(p.line) && p.line[start] != '#' {
		return p.inline(start, col, depth)
	}
	p.advance()
	switch {
	case p.indent > col:
		return p.node(p.indent, depth)
	case inMapping && p.indent == col && p.isDash(col):
		// "key:" then "- item" at the key's own column.
		return p.sequence(col, depth)
	}
	p.walk.size += len("null")
	return nil, true
}

// inline reads the value that starts at offset start of the current line,
// in a collection at column col: a block scalar or a plain scalar, which
// may go on on the lines below, or a quoted scalar or flow collection that
// ends the line.
func (p *blockParser) inline(start, col, depth int) (any, bool) {
	var value any
	var end int
	ok := true
	switch c := p.line[start]; c {
	case '|', '>':
		return p.blockScalar(start, col)
	case '[', '{':
		value, end, ok = p.flow(start, depth)
	case '\'', '"':
		if end, ok = quotedEnd(p.line, start); !ok {
			return p.quotedLines(start, col)
		}
		value, ok = p.scalar(p.line[start:end], depth)
	default:
		return p.plainValue(start, col, depth)
	}
	if !ok || !endsLine(p.line, end) {
		return nil, false
	}
	p.advance()
	return value, true
}

// plainValue reads the plain scalar at offset start of the current line,
// a value in a collection at column col, with the lines that continue it.
func (p *blockParser) plainValue(start, col, depth int) (any, bool) {
	if !plainStart(p.line, start) {
		return nil, false
	}
	end := plainEnd(p.line, start)
	text := p.line[start:end]
	switch rest := skipSpaces(p.line, end); {
	case rest == len(p.line):
		var ok bool
		if text, ok = p.plainLines(text, col); !ok {
			return nil, false
		}
	case p.line[rest] != '#':
		return nil, false // "a: b: c", refused by yaml.v2
	}
	value, ok := p.plain(text, depth)
	p.advance()
	return value, ok
}

// maxKeyBytes bounds a key with its quotes: yaml.v2 refuses a key longer
// than 1024 characters.
const maxKeyBytes = 1000

// isKey reports whether a key and its ':' start at offset start of the
// current line.
func (p *blockParser) isKey(start int) bool {
	_, _, ok := p.keyEnd(start)
	return ok
}

// keyEnd returns the end of the key starting at offset start of the
// current line and the offset of the ':' after it.
func (p *blockParser) keyEnd(start int) (end, colon int, ok bool) {
	end, ok = scalarEnd(p.line, start)
	if !ok {
		return 0, 0, false
	}
	colon = skipSpaces(p.line, end)
	if colon == len(p.line) || p.line[colon] != ':' || !blankOrEnd(p.line, colon+1) || colon-start > maxKeyBytes {
		return 0, 0, false
	}
	return end, colon, true
}

// key reads the key at offset start of the current line; it returns the
// key and the offset after its ':'.
func (p *blockParser) key(start int) (string, int, bool) {
	end, colon, ok := p.keyEnd(start)
	if !ok {
		return "", 0, false
	}
	key, ok := p.keyString(p.line[start:end])
	return key, colon + 1, ok
}

// keyString resolves the text of a key (quotes included) and counts it.
// Keys are strings: a plain key that yaml.v2 resolves to anything else is
// declined, and so is "<<", a merge key.
func (p *blockParser) keyString(text []byte) (string, bool) {
	value, ok := p.scalar(text, 0)
	key, isString := value.(string)
	if !ok || !isString || key == "<<" {
		return "", false
	}
	p.walk.size += len(":")
	return key, true
}

// blankOrEnd reports whether offset i of line is a space or the end.
func blankOrEnd(line []byte, i int) bool {
	return i == len(line) || line[i] == ' '
}

// readableText reports whether raw holds only characters that yaml.v2
// reads as the fast path assumes: printable ASCII and newlines, and valid
// UTF-8 characters yaml.v2 accepts that are neither line breaks (U+0085,
// U+2028, U+2029) nor byte order marks. Tabs and carriage returns are
// declined with the rest.
func readableText(raw []byte) bool {
	for i := 0; i < len(raw); {
		if c := raw[i]; c < utf8.RuneSelf {
			if !readableASCII[c] {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(raw[i:])
		if !readableRune(r, n) {
			return false
		}
		i += n
	}
	return true
}

// readableASCII are the printable ASCII characters and the newline.
var readableASCII = func() (set [utf8.RuneSelf]bool) {
	for c := ' '; c < 0x7f; c++ {
		set[c] = true
	}
	set['\n'] = true
	return set
}()

func readableRune(r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n == 1, r < 0xa0, r == 0x2028, r == 0x2029, r == 0xfeff, r == 0xfffe, r == 0xffff:
		return false
	}
	return true
}
