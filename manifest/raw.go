package manifest

import (
	"fmt"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Raw is one document cut from a stream and not yet decoded. Decoding (YAML
// to JSON to values) is most of the cost of reading; the splitters give
// every document a buffer of its own, so a Raw may be decoded on another
// goroutine while the stream is read on.
type Raw struct {
	Source Source
	data   []byte
	decode func(raw []byte, line int) (any, error)
}

// Decoded is a document Raw.Decode produced, or the error of one it could
// not.
type Decoded struct {
	Document
	Err error
}

// Decode decodes the document: one object, the items of a List (each an
// object or an error), or nothing when it holds only comments.
func (d Raw) Decode() []Decoded {
	value, err := d.decode(d.data, d.Source.Line)
	if err != nil {
		return []Decoded{{Document: Document{Source: d.Source}, Err: &Error{Source: d.Source, Err: err}}}
	}
	return documents(d.Source, value)
}

// documents turns a decoded value into the documents it holds.
func documents(src Source, value any) []Decoded {
	if value == nil {
		return nil
	}
	obj, ok := value.(map[string]any)
	if !ok {
		return []Decoded{{Document: Document{Source: src}, Err: &Error{Source: src, Err: fmt.Errorf("document is a %s, not an object", jsonvalue.TypeName(value))}}}
	}
	if items, isList := listItems(obj); isList {
		return listDocuments(src, items)
	}
	return []Decoded{{Document: Document{Source: src, Object: obj}}}
}

// listDocuments are the items of a List, each an object or an error.
func listDocuments(src Source, items []any) []Decoded {
	out := make([]Decoded, len(items))
	for i, item := range items {
		itemSrc := src
		itemSrc.Item = i
		if obj, ok := item.(map[string]any); ok {
			out[i] = Decoded{Document: Document{Source: itemSrc, Object: obj}}
			continue
		}
		out[i] = Decoded{Document: Document{Source: itemSrc}, Err: &Error{Source: itemSrc, Err: fmt.Errorf("list item is a %s, not an object", jsonvalue.TypeName(item))}}
	}
	return out
}

// Text is the document as it was read (YAML or JSON text), for a caller
// that can tell what it needs without decoding it. It must not be changed.
func (d Raw) Text() []byte { return d.data }
