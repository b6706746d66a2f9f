package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

var (
	errTooLarge     = fmt.Errorf("document is larger than %d bytes as JSON, the limit of kube-apiserver", MaxDocumentBytes)
	errTextTooLarge = fmt.Errorf("document is larger than %d bytes of text, comments included, kval's limit", MaxTextBytes)
)

// separatorPeek is how much of a separator line is kept: enough to report
// what follows "---" on it.
const separatorPeek = 64

// yamlSplitter cuts a YAML stream at "---" lines, as kubectl's YAML reader
// does. Lines are read in pieces, straight into the document they belong
// to, and dropped once it cannot hold them: no line is buffered whole.
type yamlSplitter struct {
	in      *bufio.Reader
	line    int   // lines consumed so far
	offset  int64 // bytes consumed so far
	size    int64 // the input's length, or -1: see wholeDocument
	done    bool
	pending error // a bad separator, reported after the document before it

	// lineByLine turns off takeWhole: tests compare the two ways.
	lineByLine bool
}

// yamlDoc is a document being cut from the stream.
type yamlDoc struct {
	text     bytes.Buffer
	content  int // bytes that are neither indentation nor comment lines
	at       position
	tooLarge error
}

// yamlLine is what the document needs to know of a line it was given.
type yamlLine struct {
	head      []byte // the first bytes of a separator line
	size      int
	separator bool
	indent    int
	comment   bool // a comment or blank line
	cut       bool // the document could not hold it: it was dropped
	overText  bool // the room for it was bounded by MaxTextBytes
}

func (s *yamlSplitter) next() ([]byte, position, error) {
	if err := s.pending; err != nil {
		s.pending = nil
		return nil, position{line: s.line}, err
	}
	if s.done {
		return nil, position{}, io.EOF
	}
	d := s.newDoc()
	for {
		line, err := s.readLine(d)
		if err != nil && err != io.EOF {
			s.done = true
			return nil, position{}, &readFailure{line: s.line + 1, err: err}
		}
		if line.size > 0 {
			s.line++
		}
		if line.separator {
			if raw, at, err, ok := s.separate(d, line); ok {
				return raw, at, err
			}
			d = s.newDoc()
		} else {
			d.add(line)
		}
		if err == io.EOF {
			s.done = true
			if d.empty() {
				return nil, position{}, io.EOF
			}
			return d.finish()
		}
	}
}

// separate ends the document d at a separator line; ok is false when there
// is nothing to return yet (no document before the separator).
func (s *yamlSplitter) separate(d *yamlDoc, line yamlLine) ([]byte, position, error, bool) {
	var bad error
	if rest := separatorRest(line.head); rest != "" {
		bad = fmt.Errorf("invalid YAML document separator: %s", rest)
	}
	switch {
	case !d.empty():
		s.pending = bad
		raw, at, err := d.finish()
		return raw, at, err, true
	case bad != nil:
		return nil, position{line: s.line}, bad, true
	}
	return nil, position{}, nil, false
}

// newDoc starts a document at the current position, its text sized for
// the document as far as the buffered input shows it (sizeHint): grown a
// line at a time, the text of a CRD of hundreds of kilobytes was copied
// about twice over, a third of the time spent reading it (issue 30).
func (s *yamlSplitter) newDoc() *yamlDoc {
	d := &yamlDoc{at: s.position()}
	d.text.Grow(s.sizeHint())
	s.takeWhole(d)
	return d
}

// takeWhole copies into d, at once, the lines of a document that the
// buffer holds whole, up to the separator after it or the end of the
// input, when the document is within both limits: no line of it can then
// be cut, so readLine's line-by-line work (lineShape, room, add) would
// only copy it. Cut a line at a time, the 1.6 MB of Gateway API's CRDs
// took a twelfth of a one-file `kval validate` (issue 30). The lines
// after it (a separator, or none) are read as before.
func (s *yamlSplitter) takeWhole(d *yamlDoc) {
	ahead, _ := s.in.Peek(s.in.Buffered())
	if s.lineByLine || len(ahead) == 0 || isSeparator(ahead) {
		return
	}
	doc, ok := s.wholeDocument(ahead)
	if !ok || len(doc) > min(MaxDocumentBytes, MaxTextBytes) {
		return
	}
	d.text.Write(doc)
	d.content = len(doc) // an upper bound, enough for room: no line follows
	s.line += bytes.Count(doc, []byte("\n"))
	if doc[len(doc)-1] != '\n' {
		s.line++
	}
	s.offset += int64(len(doc))
	_, _ = s.in.Discard(len(doc))
}

// wholeDocument is the document that starts ahead, with its last line's
// newline, when ahead holds it whole: a separator line follows it there,
// or ahead ends where the input of known size does. (Reading on to see
// the end would take a read error away from the line readLine meets it
// on.)
func (s *yamlSplitter) wholeDocument(ahead []byte) ([]byte, bool) {
	if i := bytes.Index(ahead, []byte("\n---")); i >= 0 {
		return ahead[:i+1], true
	}
	return ahead, s.size >= 0 && s.offset+int64(len(ahead)) == s.size
}

// sizeHint is the length of the document that starts the buffered input:
// up to the next line that starts with "---", or all that is buffered
// when there is none. The document may go on beyond the buffer, and its
// lines may yet be dropped (too large): it is a hint.
func (s *yamlSplitter) sizeHint() int {
	ahead, _ := s.in.Peek(s.in.Buffered())
	if i := bytes.Index(ahead, []byte("\n---")); i >= 0 {
		return min(i+1, MaxTextBytes)
	}
	return min(len(ahead), MaxTextBytes)
}

func (s *yamlSplitter) position() position {
	return position{line: s.line + 1, offset: s.offset}
}

// readLine reads one line in pieces of at most the reader's buffer and
// appends it to d's text, unless it is a separator or d cannot hold it.
func (s *yamlSplitter) readLine(d *yamlDoc) (yamlLine, error) {
	var l yamlLine
	start, limit := d.text.Len(), 0
	for first := true; ; first = false {
		piece, err := s.in.ReadSlice('\n')
		s.offset += int64(len(piece))
		if first {
			l = lineShape(piece)
			limit, l.overText = d.room(l)
		}
		l.size += len(piece)
		switch {
		case l.separator || l.cut:
		case l.size > limit:
			l.cut = true
			d.text.Truncate(start)
		default:
			d.text.Write(piece)
		}
		if err != bufio.ErrBufferFull {
			return l, err
		}
	}
}

// lineShape describes a line from its first piece.
func lineShape(piece []byte) yamlLine {
	l := yamlLine{separator: isSeparator(piece)}
	if l.separator {
		l.head = bytes.Clone(piece[:min(len(piece), separatorPeek)])
	}
	for l.indent < len(piece) && (piece[l.indent] == ' ' || piece[l.indent] == '\t') {
		l.indent++
	}
	l.comment = l.indent == len(piece) || piece[l.indent] == '#' || piece[l.indent] == '\n' || piece[l.indent] == '\r'
	return l
}

// room is how long a line of this shape may be for the document to hold
// it, and whether MaxTextBytes is what bounds it.
func (d *yamlDoc) room(l yamlLine) (int, bool) {
	text := MaxTextBytes - d.text.Len()
	if d.tooLarge != nil {
		return -1, false
	}
	if content := MaxDocumentBytes - d.content + l.indent; !l.comment && content < text {
		return content, false
	}
	return text, true
}

// add counts a line that readLine appended, or marks the document too
// large when it could not.
func (d *yamlDoc) add(l yamlLine) {
	switch {
	case d.tooLarge != nil:
		return
	case l.cut && l.overText:
		d.tooLarge = errTextTooLarge
	case l.cut:
		d.tooLarge = errTooLarge
	case !l.comment:
		d.content += l.size - l.indent
		return
	default:
		return
	}
	d.text = bytes.Buffer{}
}

func (d *yamlDoc) empty() bool {
	return d.text.Len() == 0 && d.tooLarge == nil
}

func (d *yamlDoc) finish() ([]byte, position, error) {
	if d.tooLarge != nil {
		return nil, d.at, d.tooLarge
	}
	return d.text.Bytes(), d.at, nil
}

// isSeparator reports whether a line starts with the document separator "---".
func isSeparator(line []byte) bool {
	return bytes.HasPrefix(line, []byte("---"))
}

// separatorRest returns what follows "---" on a separator line, if it is
// anything other than spaces or a comment.
func separatorRest(line []byte) string {
	rest := strings.TrimSpace(string(line[3:]))
	if rest == "" || strings.HasPrefix(rest, "#") {
		return ""
	}
	if len(rest) > 40 {
		rest = rest[:40] + "..."
	}
	return rest
}

// decode decodes a YAML document to the values kubectl sends: see
// decodeYAML. Duplicate keys are errors.
func (s *yamlSplitter) decode(raw []byte, line int) (any, error) {
	return decodeYAML(raw, line)
}

var yamlLineNumber = regexp.MustCompile(`line (\d+)`)

// yamlError rewrites the document-relative line numbers of a YAML error to
// lines of the file.
func yamlError(err error, docLine int) error {
	msg := err.Error()
	if strings.Contains(msg, "exceeded max depth") {
		return errDepth
	}
	msg = yamlLineNumber.ReplaceAllStringFunc(msg, func(m string) string {
		n, convErr := strconv.Atoi(m[len("line "):])
		if convErr != nil {
			return m
		}
		return "line " + strconv.Itoa(n+docLine-1)
	})
	msg = strings.TrimPrefix(msg, "error converting YAML to JSON: ")
	return errors.New(msg)
}
