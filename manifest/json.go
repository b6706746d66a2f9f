package manifest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kval-dev/kval/internal/jsonvalue"
	kjson "sigs.k8s.io/json"
)

var errDepth = fmt.Errorf("nesting is deeper than %d levels", MaxDepth)

// jsonSplitter cuts a stream of JSON values at the end of each top-level value.
type jsonSplitter struct {
	in     *bufio.Reader
	line   int   // line of the next unread byte
	offset int64 // offset of the next unread byte
	done   bool
}

func (s *jsonSplitter) next() ([]byte, position, error) {
	if s.done {
		return nil, position{}, io.EOF
	}
	if err := s.skipSpace(); err != nil {
		return nil, position{}, err
	}
	at := position{line: s.line, offset: s.offset}
	var buf bytes.Buffer
	scan := valueScanner{}
	for {
		chunk, err := s.buffered()
		if len(chunk) == 0 {
			return nil, at, s.end(err, &scan)
		}
		n, err := s.scan(chunk, &scan)
		if scan.sizeError() == nil {
			buf.Write(chunk[:n])
		} else if buf.Cap() > 0 {
			buf = bytes.Buffer{} // too large: only the end of the value matters now
		}
		_, _ = s.in.Discard(n)
		if err != nil {
			s.done = true // the stream cannot be split any further
			return nil, at, err
		}
		if scan.complete() {
			return buf.Bytes(), at, scan.sizeError()
		}
	}
}

// buffered returns what the reader holds ahead, reading when it holds nothing.
func (s *jsonSplitter) buffered() ([]byte, error) {
	if _, err := s.in.Peek(1); err != nil {
		return nil, err
	}
	return s.in.Peek(s.in.Buffered())
}

// scan steps scan over chunk up to the end of the value, and returns how
// many bytes it consumed.
func (s *jsonSplitter) scan(chunk []byte, scan *valueScanner) (int, error) {
	for i := 0; i < len(chunk); i++ {
		if i += s.skipString(chunk[i:], scan); i == len(chunk) {
			break
		}
		c := chunk[i]
		if c == '\n' {
			s.line++
		}
		err := scan.step(c)
		if err != nil || scan.complete() {
			s.offset += int64(i + 1)
			return i + 1, err
		}
	}
	s.offset += int64(len(chunk))
	return len(chunk), nil
}

// skipString passes over the plain bytes of a string (up to a quote or a
// backslash) at once, and returns how many.
func (s *jsonSplitter) skipString(chunk []byte, scan *valueScanner) int {
	if !scan.inString || scan.escaped {
		return 0
	}
	n := bytes.IndexAny(chunk, `"\`)
	if n < 0 {
		n = len(chunk)
	}
	s.line += bytes.Count(chunk[:n], []byte("\n"))
	scan.size += n
	scan.text += n
	return n
}

func (s *jsonSplitter) readByte() (byte, error) {
	c, err := s.in.ReadByte()
	if err == nil {
		s.offset++
		if c == '\n' {
			s.line++
		}
	}
	return c, err
}

// end ends the stream in the middle of a value.
func (s *jsonSplitter) end(err error, scan *valueScanner) error {
	s.done = true
	switch {
	case err != io.EOF:
		return &readFailure{line: s.line, err: err}
	case scan.sizeError() != nil:
		return scan.sizeError()
	}
	return errors.New("unexpected end of JSON input")
}

// skipSpace consumes whitespace before the next value; io.EOF when there is none.
func (s *jsonSplitter) skipSpace() error {
	for {
		c, err := s.readByte()
		switch {
		case err == io.EOF:
			s.done = true
			return io.EOF
		case err != nil:
			s.done = true
			return &readFailure{line: s.line, err: err}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		}
		s.offset--
		return s.in.UnreadByte()
	}
}

func (s *jsonSplitter) decode(raw []byte, line int) (any, error) {
	return decodeJSON(raw, line, true)
}

// valueScanner finds the end of one JSON object or array without decoding
// it, and measures it.
type valueScanner struct {
	depth    int
	started  bool
	inString bool
	escaped  bool
	size     int // bytes of the value without the whitespace between tokens
	text     int // bytes of the value as written
}

func (v *valueScanner) step(c byte) error {
	v.text++
	if v.inString || (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
		v.size++
	}
	if !v.started {
		if c != '{' && c != '[' {
			return fmt.Errorf("invalid character %q at the start of a JSON document: expected an object", c)
		}
		v.started = true
	}
	switch {
	case v.inString && v.escaped:
		v.escaped = false
	case v.inString && c == '\\':
		v.escaped = true
	case v.inString && c == '"':
		v.inString = false
	case v.inString:
	case c == '"':
		v.inString = true
	case c == '{' || c == '[':
		v.depth++
	case c == '}' || c == ']':
		v.depth--
	}
	return nil
}

func (v *valueScanner) complete() bool {
	return v.started && v.depth == 0 && !v.inString
}

// sizeError says whether the value was too large to keep.
func (v *valueScanner) sizeError() error {
	switch {
	case v.size > MaxDocumentBytes:
		return errTooLarge
	case v.text > MaxTextBytes:
		return errTextTooLarge
	}
	return nil
}

// decodeJSON decodes one JSON document as kube-apiserver does: integers as
// int64, other numbers as float64. Duplicate keys are errors that name them.
func decodeJSON(raw []byte, line int, withLines bool) (any, error) {
	var value any
	strictErrs, err := kjson.UnmarshalStrict(raw, &value, kjson.DisallowDuplicateFields)
	if err != nil {
		return nil, jsonError(err, raw, line, withLines)
	}
	if len(strictErrs) > 0 {
		msgs := make([]string, len(strictErrs))
		for i, e := range strictErrs {
			msgs[i] = e.Error()
		}
		return nil, errors.New(strings.Join(msgs, ", "))
	}
	return value, nil
}

func jsonError(err error, raw []byte, line int, withLines bool) error {
	if strings.Contains(err.Error(), "exceeded max depth") {
		return errDepth
	}
	if isSyntax, offset := kjson.SyntaxErrorOffset(err); isSyntax && withLines {
		return fmt.Errorf("line %d: %v", lineAt(raw, line, offset), err)
	}
	if path, offset, found := numberOutOfRange(raw); found {
		if withLines {
			return fmt.Errorf("line %d: %s: %v", lineAt(raw, line, offset), path, err)
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	return err
}

// lineAt is the line of the file at offset in a document starting on line.
func lineAt(raw []byte, line int, offset int64) int {
	return line + bytes.Count(raw[:min(int(offset), len(raw))], []byte("\n"))
}

// DecodeObject decodes one JSON object held in memory (an object of an
// AdmissionReview, say) with the rules of a document read from a stream:
// at most MaxDocumentBytes and MaxDepth, integers as int64, duplicate keys
// refused.
func DecodeObject(raw []byte) (map[string]any, error) {
	return DecodeObjectContext(context.Background(), raw)
}

// DecodeObjectContext is DecodeObject for a request: nothing is decoded once
// ctx has ended, and ctx's error is returned in place of an object decoded
// after it ended. One object is decoded in one piece (its JSON decoder
// cannot be interrupted; at MaxDocumentBytes it takes about 0.1 s on one
// core, BenchmarkDecodeObjectMaxSize), so of a request's object and old
// object, none starts decoding once its context has ended.
func DecodeObjectContext(ctx context.Context, raw []byte) (map[string]any, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	obj, err := decodeObject(raw)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	return obj, err
}

func decodeObject(raw []byte) (map[string]any, error) {
	if len(raw) > MaxDocumentBytes {
		return nil, fmt.Errorf("%d bytes, larger than %d bytes, the limit of kube-apiserver", len(raw), MaxDocumentBytes)
	}
	value, err := decodeJSON(raw, 1, false)
	if err != nil {
		return nil, err
	}
	obj, ok := value.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a JSON %s, not an object", jsonvalue.TypeName(value))
	}
	return obj, nil
}
