package manifest

// This file reads the flow collections of decodeBlockYAML: "[a, b]" and
// "{a: 1, b: [c]}" that open and close on one line, their entries scalars
// or flow collections. Trailing commas, entries without a value
// ("{a}", "{a: }", "[a: b]"), complex keys, "?" and flow collections
// that go on to the next line are declined.

// flow reads the flow collection opening at offset start of the current
// line and returns it and the offset after it.
func (p *blockParser) flow(start, depth int) (any, int, bool) {
	if depth > blockMaxDepth {
		return nil, 0, false
	}
	if p.line[start] == '[' {
		return p.flowSequence(start, depth)
	}
	return p.flowMapping(start, depth)
}

// flowSequence reads "[...]" at offset start of the current line.
func (p *blockParser) flowSequence(start, depth int) (any, int, bool) {
	line := p.line
	items := make([]any, 0, 4)
	i := skipSpaces(line, start+1)
	for i < len(line) && line[i] != ']' {
		item, end, ok := p.flowNode(i, depth+1)
		if !ok {
			return nil, 0, false
		}
		items = append(items, item)
		if i, ok = flowNext(line, end, ']'); !ok {
			return nil, 0, false
		}
	}
	if i == len(line) {
		return nil, 0, false
	}
	p.walk.enter(depth, len(items))
	return items, i + 1, true
}

// flowMapping reads "{...}" at offset start of the current line.
func (p *blockParser) flowMapping(start, depth int) (any, int, bool) {
	line := p.line
	m := make(map[string]any)
	i := skipSpaces(line, start+1)
	for i < len(line) && line[i] != '}' {
		end, ok := p.flowEntry(m, i, depth)
		if !ok {
			return nil, 0, false
		}
		if i, ok = flowNext(line, end, '}'); !ok {
			return nil, 0, false
		}
	}
	if i == len(line) {
		return nil, 0, false
	}
	p.walk.enter(depth, len(m))
	return m, i + 1, true
}

// flowNext passes the ", " after an entry ending at offset end of line, and
// returns the offset of the next entry, or of closing.
func flowNext(line []byte, end int, closing byte) (int, bool) {
	i := skipSpaces(line, end)
	switch {
	case i == len(line):
		return 0, false
	case line[i] == closing:
		return i, true
	case line[i] != ',':
		return 0, false // "[a: b]", "[a b", "{a: b c: d}"
	}
	i = skipSpaces(line, i+1)
	if i == len(line) || line[i] == closing {
		return 0, false // a trailing comma, or the line ends
	}
	return i, true
}

// flowEntry reads "key: value" at offset start of the current line into m,
// and returns the offset after the value.
func (p *blockParser) flowEntry(m map[string]any, start, depth int) (int, bool) {
	line := p.line
	end, ok := flowScalarEnd(line, start)
	if !ok {
		return 0, false
	}
	colon := skipSpaces(line, end)
	if colon+1 >= len(line) || line[colon] != ':' || line[colon+1] != ' ' || colon-start > maxKeyBytes {
		return 0, false
	}
	key, ok := p.keyString(line[start:end])
	if _, dup := m[key]; !ok || dup {
		return 0, false
	}
	value, after, ok := p.flowNode(skipSpaces(line, colon+1), depth+1)
	m[key] = value
	return after, ok
}

// flowNode reads the scalar or flow collection at offset start of the
// current line and returns it and the offset after it.
func (p *blockParser) flowNode(start, depth int) (any, int, bool) {
	if start == len(p.line) {
		return nil, 0, false
	}
	if c := p.line[start]; c == '[' || c == '{' {
		return p.flow(start, depth)
	}
	end, ok := flowScalarEnd(p.line, start)
	if !ok {
		return nil, 0, false
	}
	value, ok := p.scalar(p.line[start:end], depth)
	return value, end, ok
}

// flowScalarEnd is scalarEnd inside a flow collection, where a plain
// scalar also ends before the flow indicators. The text of a plain one
// must be a plain scalar outside as well, for resolveWithYAMLv2.
func flowScalarEnd(line []byte, start int) (int, bool) {
	switch c := line[start]; c {
	case '\'', '"':
		return quotedEnd(line, start)
	case '?', ':':
		return 0, false // indicators in a flow collection
	}
	end := flowPlainEnd(line, start)
	if end == start || !plainStart(line[start:end], 0) {
		return 0, false
	}
	return end, true
}

// flowPlainEnd returns the end of the text of the plain scalar starting
// at offset start of line inside a flow collection: as in yaml.v2, before
// ',', '[', ']', '{', '}' and '?', before ':' followed by a space or one of
// those, and before " #"; trailing spaces are not part of it.
func flowPlainEnd(line []byte, start int) int {
	end := len(line)
	for i := start; i < len(line); i++ {
		if endsFlowPlain(line, i) {
			end = i
			break
		}
	}
	for end > start && line[end-1] == ' ' {
		end--
	}
	return end
}

// flowStops are the characters that end a plain scalar in a flow
// collection (yaml.v2 ends it at the first five and '?'; ':' followed by
// one of them it would keep, "[a:]" being ["a:"], which is declined).
var flowStops = byteSet(",[]{}?")

func endsFlowPlain(line []byte, i int) bool {
	switch c := line[i]; {
	case flowStops[c]:
		return true
	case c == ':':
		return i+1 == len(line) || line[i+1] == ' ' || flowStops[line[i+1]]
	case c == '#':
		return i > 0 && line[i-1] == ' '
	}
	return false
}
