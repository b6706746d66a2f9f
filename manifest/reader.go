package manifest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
)

const (
	// MaxDocumentBytes bounds one document as JSON, the size of the largest
	// request body kube-apiserver accepts (kubectl sends a document as
	// compact JSON, so YAML comments and indentation do not count). A YAML
	// document is decoded only when its text without comment lines, blank
	// lines and indentation fits it too, so that decoding stays bounded.
	MaxDocumentBytes = 3 << 20
	// MaxTextBytes bounds the text of one document as read, comments and
	// whitespace included: no more is ever buffered.
	MaxTextBytes = 16 << 20
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
	name string
	in   *bufio.Reader
	// ownBuffer: in holds a whole file (newFileReader), not a pooled
	// buffer; fileSize is the file's size then.
	ownBuffer bool
	fileSize  int64
	split     splitter
	index     int
	pending   []Decoded
	done      bool
}

// splitter cuts a stream into raw documents.
type splitter interface {
	// next returns the next raw document and where it starts; io.EOF at
	// the end, a *readFailure when the stream cannot be read (then io.EOF).
	next() (raw []byte, at position, err error)
	// decode turns a raw document into a value.
	decode(raw []byte, line int) (any, error)
}

// position is where a document starts in its stream.
type position struct {
	line   int
	offset int64
}

// readFailure is an error of the underlying reader, met on line.
type readFailure struct {
	line int
	err  error
}

func (f *readFailure) Error() string { return f.err.Error() }

// NewReader reads the documents of r, naming them after name in sources and errors.
func NewReader(name string, r io.Reader) *Reader {
	return &Reader{name: name, in: borrowBuffer(r)}
}

// newFileReader reads a regular file of at most wholeFileBytes with a
// buffer that holds all of it, so that each document's text is allocated
// once at its size (the splitter sees where the document ends: see
// yamlSplitter.sizeHint); others are read as streams (NewReader).
func newFileReader(name string, f *os.File) *Reader {
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() <= readBufferSize || info.Size() > wholeFileBytes {
		return NewReader(name, f)
	}
	return &Reader{name: name, in: bufio.NewReaderSize(f, int(info.Size())+1), ownBuffer: true, fileSize: info.Size()}
}

// wholeFileBytes is the largest file newFileReader reads in one buffer.
const wholeFileBytes = 32 << 20

// readBufferSize is the read buffer of a stream: lines are read in pieces
// of at most this size.
const readBufferSize = 64 << 10

// buffers keeps the read buffers of finished readers. A run over many
// small files (one object each) would otherwise allocate and clear 64 KiB
// a file: a twentieth of kval validate's CPU on 20,000 files.
var buffers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, readBufferSize) }}

func borrowBuffer(r io.Reader) *bufio.Reader {
	in := buffers.Get().(*bufio.Reader)
	in.Reset(r)
	return in
}

// finish ends the stream and gives its buffer back: documents are copies,
// and a finished Reader (done) never reads again.
func (r *Reader) finish() {
	r.done = true
	if r.in != nil && !r.ownBuffer {
		r.in.Reset(nil)
		buffers.Put(r.in)
		r.in = nil
	}
}

// Next returns the next document. A problem with one document is returned as
// an *Error and reading may continue with the next call; io.EOF ends the
// stream, and so does a *ReadError (the stream itself failed: later calls
// return io.EOF). Empty documents (only comments or whitespace) are skipped.
func (r *Reader) Next() (Document, error) {
	for {
		if len(r.pending) > 0 {
			p := r.pending[0]
			r.pending = r.pending[1:]
			return p.Document, p.Err
		}
		if r.done {
			return Document{}, io.EOF
		}
		raw, err := r.NextRaw()
		if err != nil {
			return Document{Source: raw.Source}, err
		}
		r.pending = raw.Decode()
	}
}

// JSON reports whether the stream is read as a stream of JSON values
// rather than YAML documents (known once Next was called).
func (r *Reader) JSON() bool {
	_, isJSON := r.split.(*jsonSplitter)
	return isJSON
}

// NextRaw returns the next document cut from the stream but not decoded:
// the cheap half of Next, so that the expensive half (Raw.Decode) can run
// on another goroutine. Errors are Next's: an *Error for a document that
// could not be cut (too large, a bad separator), a *ReadError or io.EOF at
// the end of the stream.
func (r *Reader) NextRaw() (Raw, error) {
	if r.done {
		return Raw{}, io.EOF
	}
	if err := r.chooseSplitter(); err != nil {
		return r.fail(&readFailure{line: 1, err: err})
	}
	data, at, err := r.split.next()
	src := Source{File: r.name, Index: r.index, Line: at.line, Offset: at.offset, Item: -1}
	var failure *readFailure
	switch {
	case err == io.EOF:
		r.finish()
		return Raw{}, io.EOF
	case errors.As(err, &failure):
		return r.fail(failure)
	}
	r.index++
	if err != nil {
		return Raw{Source: src}, &Error{Source: src, Err: err}
	}
	return Raw{Source: src, data: data, decode: r.split.decode}, nil
}

// fail ends the stream on a read error.
func (r *Reader) fail(f *readFailure) (Raw, error) {
	r.finish()
	src := Source{File: r.name, Index: r.index, Line: f.line, Item: -1}
	return Raw{Source: src}, &ReadError{Source: src, Err: f.err}
}

// ReadAll reads every document of r. It returns the documents that could be
// read and the errors of those that could not; a *ReadError ends the list.
func ReadAll(name string, r io.Reader) ([]Document, []error) {
	return readEvery(NewReader(name, r), (*Reader).Next)
}

// ReadAllRaw cuts r into raw documents without decoding them (see Raw).
// The errors are those of documents that could not be cut; a *ReadError
// ends the list.
func ReadAllRaw(name string, r io.Reader) ([]Raw, []error) {
	return readEvery(NewReader(name, r), (*Reader).NextRaw)
}

// readEvery calls next until io.EOF, keeping what it gives and its errors.
func readEvery[T any](reader *Reader, next func(*Reader) (T, error)) ([]T, []error) {
	var out []T
	var errs []error
	for {
		v, err := next(reader)
		switch {
		case err == io.EOF:
			return out, errs
		case err != nil:
			errs = append(errs, err)
		default:
			out = append(out, v)
		}
	}
}

// ReadAt reads again the document at src, a Source a Reader gave, from the
// stream it was read from (asJSON is that Reader's JSON()): the document
// starting at src.Offset, or the items of the List it is that are objects.
// A problem of the document (the stream changed, say) is the error.
func ReadAt(stream io.ReaderAt, src Source, asJSON bool) ([]Document, error) {
	in := borrowBuffer(io.NewSectionReader(stream, src.Offset, math.MaxInt64-src.Offset))
	r := &Reader{name: src.File, in: in, index: src.Index, split: newSplitter(in, asJSON, src.Line, src.Offset, -1)}
	defer r.finish()
	doc, err := r.Next()
	switch {
	case err == io.EOF || (err == nil && doc.Source.Index != src.Index):
		return nil, fmt.Errorf("%s: no document there any more (did the file change?)", src)
	case err != nil:
		return nil, err
	}
	docs := []Document{doc}
	for _, p := range r.pending { // the other items of a List that are objects
		if p.Err == nil {
			docs = append(docs, p.Document)
		}
	}
	return docs, nil
}

func (r *Reader) chooseSplitter() error {
	if r.split != nil {
		return nil
	}
	isJSON, err := looksLikeJSON(r.in)
	if err != nil {
		return err
	}
	size := int64(-1)
	if r.ownBuffer {
		size = r.fileSize
	}
	r.split = newSplitter(r.in, isJSON, 1, 0, size)
	return nil
}

// newSplitter cuts in, whose next document starts on line at offset;
// size is the input's length in bytes, or -1 where it is not known.
func newSplitter(in *bufio.Reader, isJSON bool, line int, offset, size int64) splitter {
	if isJSON {
		return &jsonSplitter{in: in, line: line, offset: offset}
	}
	return &yamlSplitter{in: in, line: line - 1, offset: offset, size: size}
}

// looksLikeJSON reports whether the first non-space byte opens a JSON
// object or array; the error is a read error of in.
func looksLikeJSON(in *bufio.Reader) (bool, error) {
	for n := 1; n <= in.Size(); n++ {
		peek, err := in.Peek(n)
		if len(peek) < n {
			if err == io.EOF {
				err = nil
			}
			return false, err
		}
		switch peek[n-1] {
		case ' ', '\t', '\r', '\n':
			continue
		case '{', '[':
			return true, nil
		default:
			return false, nil
		}
	}
	return false, nil
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
