package manifest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	kjson "sigs.k8s.io/json"
)

var errDepth = fmt.Errorf("nesting is deeper than %d levels", MaxDepth)

// jsonSplitter cuts a stream of JSON values at the end of each top-level value.
type jsonSplitter struct {
	in   *bufio.Reader
	line int // line of the next unread byte
}

func (s *jsonSplitter) next() ([]byte, int, error) {
	if err := s.skipSpace(); err != nil {
		return nil, 0, err
	}
	start := s.line
	var buf bytes.Buffer
	scan := valueScanner{}
	for {
		c, err := s.in.ReadByte()
		if err == io.EOF {
			return nil, start, errors.New("unexpected end of JSON input")
		}
		if err != nil {
			return nil, start, fmt.Errorf("reading: %w", err)
		}
		if c == '\n' {
			s.line++
		}
		if buf.Len() < MaxDocumentBytes {
			buf.WriteByte(c)
		} else {
			scan.tooLarge = true
		}
		if err := scan.step(c); err != nil {
			s.skipRest()
			return nil, start, err
		}
		if scan.complete() {
			if scan.tooLarge {
				return nil, start, fmt.Errorf("document is larger than %d bytes, the limit of kube-apiserver", MaxDocumentBytes)
			}
			return buf.Bytes(), start, nil
		}
	}
}

// skipSpace consumes whitespace before the next value; io.EOF when there is none.
func (s *jsonSplitter) skipSpace() error {
	for {
		c, err := s.in.ReadByte()
		if err != nil {
			if err == io.EOF {
				return io.EOF
			}
			return fmt.Errorf("reading: %w", err)
		}
		switch c {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return s.in.UnreadByte()
		}
	}
}

// skipRest drops the rest of a stream that cannot be split any further.
func (s *jsonSplitter) skipRest() {
	_, _ = io.Copy(io.Discard, s.in)
}

func (s *jsonSplitter) decode(raw []byte, line int) (any, error) {
	return decodeJSON(raw, line, true)
}

// valueScanner finds the end of one JSON object or array without decoding it.
type valueScanner struct {
	depth    int
	started  bool
	inString bool
	escaped  bool
	tooLarge bool
}

func (v *valueScanner) step(c byte) error {
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
		errLine := line + bytes.Count(raw[:min(int(offset), len(raw))], []byte("\n"))
		return fmt.Errorf("line %d: %v", errLine, err)
	}
	return err
}

// DecodeObject decodes one JSON object held in memory (an object of an
// AdmissionReview, say) with the rules of a document read from a stream:
// at most MaxDocumentBytes and MaxDepth, integers as int64, duplicate keys
// refused.
func DecodeObject(raw []byte) (map[string]any, error) {
	if len(raw) > MaxDocumentBytes {
		return nil, fmt.Errorf("%d bytes, larger than %d bytes, the limit of kube-apiserver", len(raw), MaxDocumentBytes)
	}
	value, err := decodeJSON(raw, 1, false)
	if err != nil {
		return nil, err
	}
	obj, ok := value.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a JSON %s, not an object", jsonTypeName(value))
	}
	return obj, nil
}
