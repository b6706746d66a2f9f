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

	"sigs.k8s.io/yaml"
)

// yamlSplitter cuts a YAML stream at "---" lines, as kubectl's YAML reader does.
type yamlSplitter struct {
	in   *bufio.Reader
	line int // lines consumed so far
	done bool
}

func (s *yamlSplitter) next() ([]byte, int, error) {
	if s.done {
		return nil, 0, io.EOF
	}
	var buf bytes.Buffer
	start := s.line + 1
	tooLarge := false
	for {
		line, err := s.in.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return nil, start, fmt.Errorf("reading: %w", err)
		}
		if len(line) > 0 {
			s.line++
		}
		if isSeparator(line) {
			if rest := separatorRest(line); rest != "" {
				return nil, s.line, fmt.Errorf("invalid YAML document separator: %s", rest)
			}
			if buf.Len() > 0 || tooLarge {
				return s.finish(buf.Bytes(), start, tooLarge)
			}
			start = s.line + 1
		} else if !tooLarge {
			if buf.Len()+len(line) > MaxDocumentBytes {
				tooLarge = true
				buf.Reset()
			} else {
				buf.Write(line)
			}
		}
		if err == io.EOF {
			s.done = true
			if buf.Len() == 0 && !tooLarge {
				return nil, 0, io.EOF
			}
			return s.finish(buf.Bytes(), start, tooLarge)
		}
	}
}

func (s *yamlSplitter) finish(raw []byte, start int, tooLarge bool) ([]byte, int, error) {
	if tooLarge {
		return nil, start, fmt.Errorf("document is larger than %d bytes, the limit of kube-apiserver", MaxDocumentBytes)
	}
	return raw, start, nil
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
	return rest
}

// decode converts a YAML document to JSON and decodes that, so values come out
// exactly as kubectl sends them. Duplicate keys are errors.
func (s *yamlSplitter) decode(raw []byte, line int) (any, error) {
	js, err := yaml.YAMLToJSONStrict(raw)
	if err != nil {
		return nil, yamlError(err, line)
	}
	return decodeJSON(js, line, false)
}

var yamlLine = regexp.MustCompile(`line (\d+)`)

// yamlError rewrites the document-relative line numbers of a YAML error to
// lines of the file.
func yamlError(err error, docLine int) error {
	msg := err.Error()
	if strings.Contains(msg, "exceeded max depth") {
		return errDepth
	}
	msg = yamlLine.ReplaceAllStringFunc(msg, func(m string) string {
		n, convErr := strconv.Atoi(m[len("line "):])
		if convErr != nil {
			return m
		}
		return "line " + strconv.Itoa(n+docLine-1)
	})
	msg = strings.TrimPrefix(msg, "error converting YAML to JSON: ")
	return errors.New(msg)
}
