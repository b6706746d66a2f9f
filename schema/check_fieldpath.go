package schema

import (
	"errors"
	"fmt"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// resolveFieldPath follows a JSON path of field accessors (".a", "['a']")
// through the structural schema s, as kube-apiserver's cel.ValidFieldPath
// does for selectableFields and the fieldPath of x-kubernetes-validations.
// It returns the path as a field path and the schema it points to. With
// allowArrays false, the "['a']" notation is an error.
//
// Where upstream dereferences a missing schema (a path that continues below
// additionalProperties: true, or a CRD whose schema could not be converted)
// and panics, kval reports that the path does not refer to a valid field.
func resolveFieldPath(jsonPath string, s *Schema, allowArrays bool) (*field.Path, *Schema, error) {
	var path *field.Path
	tokens := &pathTokenizer{rest: jsonPath}
	step := func(name string) error {
		next, named, ok := childOf(s, name)
		if !ok {
			return errors.New("does not refer to a valid field")
		}
		if named {
			path = path.Child(name)
		} else {
			path = path.Key(name)
		}
		s = next
		return nil
	}
	for {
		tok, ok := tokens.next()
		if !ok {
			return path, s, nil
		}
		var err error
		switch tok {
		case "[":
			if !allowArrays {
				return nil, nil, errors.New("array notation is not allowed")
			}
			err = bracketStep(tokens, step)
		case ".":
			name, ok := tokens.next()
			if !ok {
				return nil, nil, errors.New("unexpected end of JSON path")
			}
			err = step(name)
		default:
			err = fmt.Errorf("expected [ or . but got: %s", tok)
		}
		if err != nil {
			return nil, nil, err
		}
	}
}

// bracketStep reads "'name']" after a "[".
func bracketStep(tokens *pathTokenizer, step func(string) error) error {
	quoted, ok := tokens.next()
	if !ok {
		return errors.New("unexpected end of JSON path")
	}
	if len(quoted) < 2 || quoted[0] != '\'' || quoted[len(quoted)-1] != '\'' {
		return fmt.Errorf("expected single quoted string but got %s", quoted)
	}
	name, err := unescapeSingleQuoted(quoted[1 : len(quoted)-1])
	if err != nil {
		return fmt.Errorf("invalid string literal: %w", err)
	}
	if err := step(name); err != nil {
		return err
	}
	closing, ok := tokens.next()
	if !ok {
		return errors.New("unexpected end of JSON path")
	}
	if closing != "]" {
		return fmt.Errorf("expected ] but got %s", closing)
	}
	return nil
}

// childOf returns the schema of field name of s: a property when s has
// properties (named), else additionalProperties' schema. ok is false when s
// has neither or is missing.
func childOf(s *Schema, name string) (child *Schema, named, ok bool) {
	switch {
	case s == nil:
		return nil, false, false
	case len(s.Properties) > 0:
		child, ok = s.Properties[name]
		return child, true, ok
	case s.AdditionalProperties != nil:
		return s.AdditionalProperties.Schema, false, true
	}
	return nil, false, false
}

// maxPathToken is the size beyond which upstream's tokenizer (a bufio.Scanner
// with the default buffer) gives up: scanning silently stops there.
const maxPathToken = 64 * 1024

// pathTokenizer splits a JSON path into ".", "[", "]", single-quoted strings
// (which may contain delimiters) and the names between delimiters.
type pathTokenizer struct {
	rest   string
	failed bool
}

func (t *pathTokenizer) next() (string, bool) {
	if t.failed || t.rest == "" {
		return "", false
	}
	n, seen := tokenLength(t.rest)
	// The scanner sees at most maxPathToken bytes from the token's start and
	// learns about the end of input only when less than that is left.
	if len(t.rest) >= maxPathToken && (seen == 0 || seen > maxPathToken) {
		t.failed = true
		return "", false
	}
	tok := t.rest[:n]
	t.rest = t.rest[n:]
	return tok, true
}

// tokenLength returns the length of the token at the start of s and how many
// bytes must be seen to know where it ends (0 when it runs to the end of s).
func tokenLength(s string) (n, seen int) {
	if s[0] == '\'' {
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' && s[i-1] != '\\' {
				return i + 1, i + 1
			}
		}
		return len(s), 0
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == '[' || s[i] == ']' {
			if i == 0 {
				return 1, 1
			}
			return i, i + 1
		}
	}
	return len(s), 0
}

// unescapeSingleQuoted resolves the backslash escapes of a quoted name. Like
// upstream (a regexp `\\.`), a backslash before a line feed or at the end is
// kept, and the last invalid escape is the one reported.
func unescapeSingleQuoted(s string) (string, error) {
	var out []byte
	var err error
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) || s[i+1] == '\n' {
			out = append(out, s[i])
			continue
		}
		_, width := utf8.DecodeRuneInString(s[i+1:])
		escape := s[i : i+1+width]
		if replacement, known := singleQuoteEscapes[s[i+1]]; known {
			out = append(out, replacement)
		} else {
			err = fmt.Errorf("invalid escape char %s", escape)
		}
		i += width
	}
	return string(out), err
}

var singleQuoteEscapes = map[byte]byte{
	'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\'': '\'', '\\': '\\',
}
