package manifest

import (
	"errors"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzReader reads arbitrary bytes as a manifest: it never panics, every
// problem is a *Error naming the stream, every document is an object, and
// ReadAt reads it again from its Source.
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
			again, err := ReadAt(strings.NewReader(input), doc.Source, r.JSON())
			if err != nil || !slices.ContainsFunc(again, func(d Document) bool { return reflect.DeepEqual(d, doc) }) {
				t.Fatalf("ReadAt(%+v): %v, %v; want %+v", doc.Source, again, err, doc)
			}
		}
		t.Fatalf("the reader does not end")
	})
}

// FuzzReaderFailingPartWay reads a manifest from a stream that fails after
// failAt bytes, once or for good: the failure is one *ReadError, after
// which the reader returns io.EOF and never reads again, whatever the
// stream would give.
func FuzzReaderFailingPartWay(f *testing.F) {
	for _, seed := range []string{
		"a: 1\n---\nb: [1, 2]\n", `{"a": 1}{"b": 2}`, "apiVersion: v1\nkind: List\nitems: [{a: 1}, 2]\n",
		"   \n\n  {\"a\": 1}", "# c\n---\n--- x\na: 1\n", "{\"a\": [1, ",
	} {
		f.Add(seed, uint16(3), false)
		f.Add(seed, uint16(0), true)
	}
	f.Fuzz(func(t *testing.T, input string, failAt uint16, once bool) {
		in := &failingReader{data: input, failAt: int(failAt), once: once}
		r := NewReader("fuzz", in)
		readErrs := 0
		for i := 0; i < 10000; i++ {
			_, err := r.Next()
			if err == io.EOF {
				checkEnded(t, r, in, readErrs)
				return
			}
			readErrs += countReadError(t, err)
		}
		t.Fatalf("the reader does not end")
	})
}

// countReadError checks that err names the stream; 1 for a *ReadError.
func countReadError(t *testing.T, err error) int {
	t.Helper()
	var readErr *ReadError
	var docErr *Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &readErr) && readErr.Source.File == "fuzz":
		return 1
	case errors.As(err, &docErr) && docErr.Source.File == "fuzz":
		return 0
	}
	t.Fatalf("error without the stream's name: %v", err)
	return 0
}

func checkEnded(t *testing.T, r *Reader, in *failingReader, readErrs int) {
	t.Helper()
	if in.failed && readErrs != 1 {
		t.Fatalf("the stream failed; %d read errors reported, want 1", readErrs)
	}
	if !in.failed && readErrs != 0 {
		t.Fatalf("%d read errors on a stream that never failed", readErrs)
	}
	reads := in.reads
	if _, err := r.Next(); err != io.EOF || in.reads != reads {
		t.Fatalf("after the end: %v, %d more reads", err, in.reads-reads)
	}
}

// failingReader gives data up to failAt bytes, then fails: once (later
// reads go on, as iotest.TimeoutReader) or for good (a directory).
type failingReader struct {
	data   string
	pos    int
	failAt int
	once   bool
	failed bool
	reads  int
}

var errInjected = errors.New("injected read failure")

func (f *failingReader) Read(p []byte) (int, error) {
	f.reads++
	if f.pos >= f.failAt && f.pos < len(f.data) && (!f.failed || !f.once) {
		f.failed = true
		return 0, errInjected
	}
	if f.pos < f.failAt {
		p = p[:min(len(p), f.failAt-f.pos)]
	}
	n := copy(p, f.data[f.pos:])
	f.pos += n
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}
