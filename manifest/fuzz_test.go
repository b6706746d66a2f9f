package manifest

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// FuzzReader reads arbitrary bytes as a manifest: it never panics, every
// problem is a *Error naming the stream, and every document is an object.
func FuzzReader(f *testing.F) {
	for _, seed := range []string{
		"a: 1\n---\nb: [1, 2]\n", `{"a": 1}{"b": 2}`, "apiVersion: v1\nkind: List\nitems: [{a: 1}, 2]\n",
		"--- x\n", "{\"a\": [1, ", "a: b\n  c: d: e\n", "- 1\n- 2\n", "\xef\xbb\xbfa: 1\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader("fuzz", strings.NewReader(input))
		for i := 0; i < 10000; i++ {
			doc, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var docErr *Error
				if !errors.As(err, &docErr) || docErr.Source.File != "fuzz" {
					t.Fatalf("error without the stream's name: %v", err)
				}
				continue
			}
			if doc.Object == nil {
				t.Fatalf("a document without an object: %+v", doc)
			}
		}
		t.Fatalf("the reader does not end")
	})
}
