package cli

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"sigs.k8s.io/yaml"
)

// maxIndentDepth is the nesting depth down to which JSON and YAML output is
// indented. Values nested deeper are written on one line, as compact JSON
// (a flow collection in YAML), so that output grows with the input rather
// than with the square of its nesting: indenting an object 10,000 levels
// deep, within the limits of kube-apiserver, would print 200 MB.
const maxIndentDepth = 32

// marshalJSON encodes v as json.MarshalIndent(v, prefix, "  ") does, down
// to maxIndentDepth levels; escapeHTML escapes <, > and & as json.Marshal.
func marshalJSON(v any, prefix string, escapeHTML bool) ([]byte, error) {
	var compact bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(escapeHTML)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(compact.Len() * 2)
	ind := indenter{dst: &out, prefix: prefix, indent: "  ", max: maxIndentDepth}
	ind.write(bytes.TrimSuffix(compact.Bytes(), []byte("\n")))
	return out.Bytes(), nil
}

// printJSON writes v as indented JSON (see marshalJSON), then a newline.
func printJSON(w io.Writer, v any, escapeHTML bool) error {
	out, err := marshalJSON(v, "", escapeHTML)
	if err != nil {
		return err
	}
	_, err = w.Write(append(out, '\n'))
	return err
}

// indenter indents compact JSON as json.Indent does, down to max levels.
type indenter struct {
	dst            *bytes.Buffer
	prefix, indent string
	max            int

	depth    int
	opened   bool // an object or array was just opened: a newline is due unless it is empty
	inString bool
	escaped  bool
}

func (ind *indenter) write(src []byte) {
	for _, c := range src {
		if ind.inString {
			ind.stringByte(c)
			continue
		}
		if ind.opened && c != '}' && c != ']' {
			ind.opened = false
			ind.newline(ind.depth)
		}
		ind.punctuation(c)
	}
}

func (ind *indenter) stringByte(c byte) {
	ind.dst.WriteByte(c)
	switch {
	case ind.escaped:
		ind.escaped = false
	case c == '\\':
		ind.escaped = true
	case c == '"':
		ind.inString = false
	}
}

func (ind *indenter) punctuation(c byte) {
	indented := ind.depth <= ind.max
	switch c {
	case '"':
		ind.inString = true
	case '{', '[':
		ind.depth++
		ind.opened = ind.depth <= ind.max
	case '}', ']':
		if !ind.opened && indented {
			ind.newline(ind.depth - 1)
		}
		ind.opened = false
		ind.depth--
	}
	ind.dst.WriteByte(c)
	switch {
	case c == ',' && indented:
		ind.newline(ind.depth)
	case c == ':' && indented:
		ind.dst.WriteByte(' ')
	}
}

func (ind *indenter) newline(depth int) {
	ind.dst.WriteByte('\n')
	ind.dst.WriteString(ind.prefix)
	for range depth {
		ind.dst.WriteString(ind.indent)
	}
}

// marshalYAML encodes v as sigs.k8s.io/yaml does (as kubectl prints
// objects), down to maxIndentDepth levels: deeper values are written as
// compact JSON, which YAML reads as flow collections.
func marshalYAML(v any) ([]byte, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var generic any
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	if err := dec.Decode(&generic); err != nil {
		return nil, err
	}
	f := &flows{nonce: newNonce(), json: map[string][]byte{}}
	generic, err = f.cut(generic, 0)
	if err != nil {
		return nil, err
	}
	out, err := yaml.Marshal(generic)
	if err != nil {
		return nil, err
	}
	return f.restore(out), nil
}

// flows are the values cut out of a document at maxIndentDepth, each
// replaced by a token that YAML prints as a plain scalar.
type flows struct {
	nonce string
	json  map[string][]byte
}

func newNonce() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return "kvalflow" + hex.EncodeToString(b)
}

func (f *flows) cut(v any, depth int) (any, error) {
	switch v.(type) {
	case map[string]any, []any:
	default:
		return v, nil
	}
	if depth >= maxIndentDepth {
		return f.token(v)
	}
	var err error
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			if t[k], err = f.cut(child, depth+1); err != nil {
				return nil, err
			}
		}
	case []any:
		for i, child := range t {
			if t[i], err = f.cut(child, depth+1); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

func (f *flows) token(v any) (any, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	token := fmt.Sprintf("%s%08d", f.nonce, len(f.json))
	f.json[token] = js
	return token, nil
}

// restore puts the cut values back in place of their tokens.
func (f *flows) restore(out []byte) []byte {
	if len(f.json) == 0 {
		return out
	}
	tokenLen := len(f.nonce) + 8
	var b bytes.Buffer
	for {
		i := bytes.Index(out, []byte(f.nonce))
		if i < 0 || i+tokenLen > len(out) {
			b.Write(out)
			return b.Bytes()
		}
		b.Write(out[:i])
		b.Write(f.json[string(out[i:i+tokenLen])])
		out = out[i+tokenLen:]
	}
}
