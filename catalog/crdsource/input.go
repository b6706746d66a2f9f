package crdsource

import (
	"bytes"
	"io"
	"sync"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdWord is in the text of every CRD document, YAML or JSON.
var crdWord = []byte(schema.CRDKind)

// MayHoldCRD reports whether a stream's text names the CRD kind at all:
// a run's input files are cut into documents for their CRDs only when it
// does, which most never do. It reads r to the end or to the first match.
func MayHoldCRD(r io.Reader) (bool, error) {
	d := &Detector{}
	bufp := readBuffers.Get().(*[]byte)
	defer readBuffers.Put(bufp)
	buf := *bufp
	for !d.Found {
		n, err := r.Read(buf)
		d.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, err
		}
	}
	return d.Found, nil
}

// readBuffers hold MayHoldCRD's read buffers: `kval validate` calls it on
// every input file before the run starts, and a new 64 KiB buffer a file
// (allocated and cleared) was half of that pass's CPU time on a tree of
// small files (issue 30).
var readBuffers = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// Detector is a writer that notes whether the text written through it
// names the CRD kind, across writes, without keeping the text: stdin is
// checked while it is copied.
type Detector struct {
	Found bool
	// tail is the end of the text so far, shorter than the word.
	tail []byte
}

// Write never fails.
func (d *Detector) Write(p []byte) (int, error) {
	if d.Found {
		return len(p), nil
	}
	head := p[:min(len(p), len(crdWord)-1)]
	joint := append(d.tail, head...)
	d.Found = bytes.Contains(joint, crdWord) || bytes.Contains(p, crdWord)
	keep := joint
	if len(p) >= len(crdWord)-1 {
		keep = p
	}
	d.tail = append(d.tail[:0], keep[max(0, len(keep)-len(crdWord)+1):]...)
	return len(p), nil
}

// Input collects the CRDs among the documents of a run, deferred when their
// identity can be scanned. Other documents are ignored, and so are CRDs
// that do not decode: the run reports them as the objects they are.
type Input struct{ loaded schema.Loaded }

// Add takes one document of the run.
func (in *Input) Add(raw manifest.Raw) {
	if !bytes.Contains(raw.Text(), crdWord) {
		return
	}
	if d, ok := schema.DeferCRD(raw); ok {
		in.loaded.Deferred = append(in.loaded.Deferred, d)
		return
	}
	for _, decoded := range raw.Decode() {
		if decoded.Err != nil || !schema.IsCRD(decoded.Object) {
			continue
		}
		if crd, errs := schema.DecodeCRD(decoded.Document); len(errs) == 0 {
			in.loaded.CRDs = append(in.loaded.CRDs, crd)
		}
	}
}

// Append takes the CRDs that more collected, after those of in: a run's
// files are scanned apart, then joined in their order. A nil more adds
// nothing.
func (in *Input) Append(more *Input) {
	if more == nil {
		return
	}
	in.loaded.CRDs = append(in.loaded.CRDs, more.loaded.CRDs...)
	in.loaded.Deferred = append(in.loaded.Deferred, more.loaded.Deferred...)
}

// Loaded returns the CRDs collected, for Combine.
func (in *Input) Loaded() *schema.Loaded { return &in.loaded }
