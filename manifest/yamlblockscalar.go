package manifest

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	yamlv2 "go.yaml.in/yaml/v2"
)

// This file reads the plain scalars of decodeBlockYAML, which may go on
// over lines, and resolves scalars as yaml.v2 and the walk do.

// plainIndicators are the characters that cannot start a plain scalar in
// yaml.v2's block context ('-', '?' and ':' can, when no space follows).
var plainIndicators = byteSet("-?:,[]{}#&*!|>'\"%@`")

// byteSet is a set of bytes, looked up faster than strings.IndexByte.
func byteSet(members string) (set [256]bool) {
	for i := range len(members) {
		set[members[i]] = true
	}
	return set
}

// scalarEnd returns where the scalar starting at offset start of line
// ends: after the closing quote of a quoted one, after the last character
// that is not a space of a plain one. Not ok when no scalar of the subset
// starts there: an indicator, or a quoted scalar that does not end on the
// line.
func scalarEnd(line []byte, start int) (int, bool) {
	if c := line[start]; c == '\'' || c == '"' {
		return quotedEnd(line, start)
	}
	if !plainStart(line, start) {
		return 0, false
	}
	return plainEnd(line, start), true
}

// plainStart reports whether a plain scalar may start at offset i of line.
func plainStart(line []byte, i int) bool {
	c := line[i]
	if !plainIndicators[c] {
		return true
	}
	return (c == '-' || c == '?' || c == ':') && i+1 < len(line) && line[i+1] != ' '
}

// plainEnd returns the end of the text of the plain scalar starting at
// offset start of line, or going on there from the line before. As in
// yaml.v2, it ends before ": " (or ':' ending the line) and before " #";
// trailing spaces are not part of it.
func plainEnd(line []byte, start int) int {
	end := len(line)
	for i := start; i < len(line); i++ {
		if line[i] == ':' && blankOrEnd(line, i+1) || i > start && line[i] == '#' && line[i-1] == ' ' {
			end = i
			break
		}
	}
	for end > start && line[end-1] == ' ' {
		end--
	}
	return end
}

// plainLines returns first, a plain scalar that ends the current line,
// joined with the lines below that go on with it, as yaml.v2 folds them:
// those more indented than the collection at column col, up to a line
// that is a comment or indented less. Lines are joined by a space, or by
// a newline for each empty line between them. It moves p.next past them,
// and declines a line that holds ": ", which yaml.v2 refuses.
func (p *blockParser) plainLines(first []byte, col int) ([]byte, bool) {
	text, copied := first, false // first is a part of the document
	for at := p.next; ; {
		line, spaces, next, breaks := textLine(p.src, at)
		if line == nil || spaces <= col || line[spaces] == '#' {
			return text, true
		}
		end := plainEnd(line, spaces)
		rest := skipSpaces(line, end)
		if rest < len(line) && line[rest] == ':' {
			return nil, false
		}
		if !copied {
			// Copied once, so that append never writes over the document
			// (copying at each line made this quadratic).
			text, copied = append(make([]byte, 0, 2*len(first)+len(line)), first...), true
		}
		text = append(joinLines(text, breaks), line[spaces:end]...)
		p.next, at = next, next
		if rest < len(line) {
			return text, true // a comment ends it
		}
	}
}

// textLine returns the first line with text (not only spaces) from offset
// at of src, or nil; its indentation, the offset after it, and how many
// empty lines are before it.
func textLine(src []byte, at int) (line []byte, spaces, next, empty int) {
	for ; at < len(src); empty++ {
		line, next, _ = rawLine(src, at)
		if spaces = leadingSpaces(line, 0); spaces < len(line) {
			return line, spaces, next, empty
		}
		at = next
	}
	return nil, 0, at, empty
}

// scalar returns the value of the scalar text (quotes included) as yaml.v2
// resolves it and yamlWalk converts it, at nesting level depth, and counts
// it; not ok when the walk would not model it.
func (p *blockParser) scalar(text []byte, depth int) (any, bool) {
	if c := text[0]; c == '\'' || c == '"' {
		value, ok := appendQuotedLine(nil, text[1:len(text)-1], c, false)
		return p.walk.string(string(value)), ok
	}
	return p.plain(text, depth)
}

// plain resolves a plain scalar. yaml.v2 looks at its first character
// (resolve.go's resolveTable): most make it a string outright. The few
// that may start something else are resolved here only in the common
// cases pinned by TestPlainScalarsResolveAsYAMLv2 (decimal integers, the
// words of yamlWords, text no number can hold); the rest are given to
// yaml.v2 one by one.
func (p *blockParser) plain(text []byte, depth int) (any, bool) {
	switch resolveHint(text[0]) {
	case hintString:
		return p.walk.string(string(text)), true
	case hintWord:
		if len(text) > len("false") {
			return p.walk.string(string(text)), true // longer than any word
		}
		if value, ok := yamlWords[string(text)]; ok {
			return p.word(value), true
		}
		if !foldsToYAMLWord(text) {
			return p.walk.string(string(text)), true
		}
	case hintNumber:
		if i, ok := decimalInt(text); ok {
			return p.walk.int(i), true
		}
		if !numberLike(text) {
			return p.walk.string(string(text)), true
		}
	}
	return p.resolveWithYAMLv2(text, depth)
}

// Hints are what the first character of a plain scalar says of it.
const (
	hintString = iota // a string whatever follows
	hintWord          // a string unless it is a word of yamlWords
	hintNumber        // a number, a float word like ".inf", or a string
)

// resolveHint is yaml.v2's resolveTable: '+', '-', digits and '.' may
// start numbers, "yYnNtTfFoO~" the words of yamlWords.
func resolveHint(c byte) int {
	return int(resolveHints[c])
}

var resolveHints = func() (hints [256]uint8) {
	for _, c := range "+-.0123456789" {
		hints[c] = hintNumber
	}
	for _, c := range "yYnNtTfFoO~" {
		hints[c] = hintWord
	}
	return hints
}()

// yamlWords are the plain scalars starting with a hintWord character that
// yaml.v2 resolves to something other than a string (its resolveMap).
var yamlWords = map[string]any{
	"y": true, "Y": true, "yes": true, "Yes": true, "YES": true,
	"true": true, "True": true, "TRUE": true,
	"on": true, "On": true, "ON": true,
	"n": false, "N": false, "no": false, "No": false, "NO": false,
	"false": false, "False": false, "FALSE": false,
	"off": false, "Off": false, "OFF": false,
	"~": nil, "null": nil, "Null": nil, "NULL": nil,
}

// yamlWordsFolded are the words of yamlWords in lower case, each once.
var yamlWordsFolded = func() []string {
	var folded []string
	for word := range yamlWords {
		if lower := strings.ToLower(word); !slices.Contains(folded, lower) {
			folded = append(folded, lower)
		}
	}
	slices.Sort(folded)
	return folded
}()

// foldsToYAMLWord reports whether text is a word of yamlWords in other
// letter cases ("tRUE"): those go to yaml.v2 rather than trust yamlWords
// to hold every spelling it knows.
func foldsToYAMLWord(text []byte) bool {
	for _, word := range yamlWordsFolded {
		if len(word) == len(text) && strings.EqualFold(word, string(text)) {
			return true
		}
	}
	return false
}

// word counts a value of yamlWords.
func (p *blockParser) word(value any) any {
	switch value {
	case nil:
		p.walk.size += len("null")
	case true:
		p.walk.size += len("true")
	default:
		p.walk.size += len("false")
	}
	return value
}

// decimalInt parses a decimal integer written without sign '+', leading
// zeros or underscores and short enough to fit int64: yaml.v2 makes it an
// int of that value, and the walk an int64.
func decimalInt(text []byte) (int64, bool) {
	digits := text
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 || digits[0] == '0' && len(text) > 1 {
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	i, err := strconv.ParseInt(string(text), 10, 64)
	return i, err == nil
}

// numberLike reports whether text has only characters that a plain
// scalar yaml.v2 resolves to a number can have: what strconv's ParseInt,
// ParseUint and ParseFloat accept (digits, signs, '_', '.', exponents,
// base prefixes and hex digits, "inf", "infinity", "nan") and the float
// words (".inf", ".NaN"). Anything else ("500m", "1Gi", "17 3 * * *",
// "10:30") is a string: timestamps are too, as yaml.v2 decodes them into
// an interface{} as their text.
func numberLike(text []byte) bool {
	for _, c := range text {
		if !numberChars[c] {
			return false
		}
	}
	return true
}

var numberChars = byteSet("0123456789+-_.eExXoObBpPabcdefABCDEFiInNtTyY")

// resolveWithYAMLv2 resolves a plain scalar the fast path does not, with
// yaml.v2 itself: as the value of a one-line mapping, the scalar is read
// and resolved as in the document (one line, block context, no tag), and
// the walk converts it. A scalar of many lines joined by spaces reads the
// same on one.
func (p *blockParser) resolveWithYAMLv2(text []byte, depth int) (any, bool) {
	if bytes.IndexByte(text, '\n') >= 0 {
		return nil, false // a plain scalar of lines with empty lines between
	}
	doc := append([]byte("v: "), text...)
	var parsed any
	if err := yamlv2.UnmarshalStrict(doc, &parsed); err != nil {
		return nil, false
	}
	m, ok := parsed.(map[any]any)
	if !ok || len(m) != 1 {
		return nil, false
	}
	switch value := m["v"].(type) {
	case map[any]any, []any:
		return nil, false // cannot be: the text is one scalar
	default:
		converted := p.walk.value(value, depth)
		return converted, !p.walk.unmodelled
	}
}
