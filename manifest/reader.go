package manifest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

const (
	// MaxDocumentBytes bounds one document, the size of the largest request
	// body kube-apiserver accepts.
	MaxDocumentBytes = 3 << 20
	// MaxDepth bounds the nesting of objects and arrays in a document, the
	// bound of kube-apiserver's JSON and YAML decoders.
	MaxDepth = 10000
)

// Document is one object read from a manifest.
type Document struct {
	Source Source
	Object map[string]any
}

// Reader reads the documents of one manifest stream, YAML or JSON.
type Reader struct {
	name    string
	in      *bufio.Reader
	split   splitter
	index   int
	pending []pending
}

// pending is a List item waiting to be returned.
type pending struct {
	doc Document
	err error
}

// splitter cuts a stream into raw documents.
type splitter interface {
	// next returns the next raw document and the line it starts on; io.EOF at the end.
	next() (raw []byte, line int, err error)
	// decode turns a raw document into a value.
	decode(raw []byte, line int) (any, error)
}

// NewReader reads the documents of r, naming them after name in sources and errors.
func NewReader(name string, r io.Reader) *Reader {
	return &Reader{name: name, in: bufio.NewReaderSize(r, 64<<10)}
}

// Next returns the next document. A problem with one document is returned as
// an *Error and reading may continue with the next call; io.EOF ends the stream.
// Empty documents (only comments or whitespace) are skipped.
func (r *Reader) Next() (Document, error) {
	for {
		if len(r.pending) > 0 {
			p := r.pending[0]
			r.pending = r.pending[1:]
			return p.doc, p.err
		}
		if r.split == nil {
			r.split = r.chooseSplitter()
		}
		raw, line, err := r.split.next()
		src := Source{File: r.name, Index: r.index, Line: line, Item: -1}
		if err == io.EOF {
			return Document{}, io.EOF
		}
		r.index++
		if err != nil {
			return Document{Source: src}, &Error{Source: src, Err: err}
		}
		value, err := r.split.decode(raw, line)
		if err != nil {
			return Document{Source: src}, &Error{Source: src, Err: err}
		}
		if value == nil {
			continue
		}
		obj, ok := value.(map[string]any)
		if !ok {
			return Document{Source: src}, &Error{Source: src, Err: fmt.Errorf("document is a %s, not an object", jsonTypeName(value))}
		}
		if items, isList := listItems(obj); isList {
			r.expandList(src, items)
			continue
		}
		return Document{Source: src, Object: obj}, nil
	}
}

// ReadAll reads every document of r. It returns the documents that could be
// read and the errors of those that could not.
func ReadAll(name string, r io.Reader) ([]Document, []error) {
	reader := NewReader(name, r)
	var docs []Document
	var errs []error
	for {
		d, err := reader.Next()
		if err == io.EOF {
			return docs, errs
		}
		if err != nil {
			errs = append(errs, err)
			var docErr *Error
			if !errors.As(err, &docErr) {
				return docs, errs // a read error of the stream itself
			}
			continue
		}
		docs = append(docs, d)
	}
}

func (r *Reader) chooseSplitter() splitter {
	if looksLikeJSON(r.in) {
		return &jsonSplitter{in: r.in, line: 1}
	}
	return &yamlSplitter{in: r.in}
}

// looksLikeJSON reports whether the first non-space byte opens a JSON object or array.
func looksLikeJSON(in *bufio.Reader) bool {
	for n := 1; n <= in.Size(); n++ {
		peek, _ := in.Peek(n)
		if len(peek) < n {
			return false
		}
		switch peek[n-1] {
		case ' ', '\t', '\r', '\n':
			continue
		case '{', '[':
			return true
		default:
			return false
		}
	}
	return false
}

// listItems returns the items of a List document (kind ending in "List" with an items array).
func listItems(obj map[string]any) ([]any, bool) {
	kind, _ := obj["kind"].(string)
	if !strings.HasSuffix(kind, "List") {
		return nil, false
	}
	items, ok := obj["items"].([]any)
	return items, ok
}

func (r *Reader) expandList(src Source, items []any) {
	for i, item := range items {
		itemSrc := src
		itemSrc.Item = i
		if obj, ok := item.(map[string]any); ok {
			r.pending = append(r.pending, pending{doc: Document{Source: itemSrc, Object: obj}})
			continue
		}
		err := &Error{Source: itemSrc, Err: fmt.Errorf("list item is a %s, not an object", jsonTypeName(item))}
		r.pending = append(r.pending, pending{doc: Document{Source: itemSrc}, err: err})
	}
}

// jsonTypeName names the JSON type of an unstructured value.
func jsonTypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64, float64:
		return "number"
	default:
		return fmt.Sprintf("%T", v)
	}
}
