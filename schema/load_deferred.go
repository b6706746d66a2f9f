package schema

import (
	"bytes"
	"fmt"

	"github.com/kval-dev/kval/manifest"
)

// DeferredCRD is a CRD document read but not decoded: its identity comes
// from ScanCRDIdentity, the rest from Decode when it is needed.
type DeferredCRD struct {
	CRDIdentity
	Source manifest.Source
	raw    manifest.Raw
}

// Decode decodes the document: the CRD, or the problems LoadFiles would
// have recorded for it. A document that does not define the identity the
// scan read is a problem too (a bug in kval: the scan must be exact).
func (d *DeferredCRD) Decode() (*CRD, []Problem) {
	l := &Loaded{}
	docs, errs := decodeRaw(d.raw)
	l.addAll(d.Source.File, docs, errs)
	if len(l.Problems) > 0 {
		return nil, l.Problems
	}
	if len(l.CRDs) != 1 || l.CRDs[0].Spec.Group != d.Group || l.CRDs[0].Spec.Names.Kind != d.Kind {
		return nil, []Problem{{Source: d.Source, Err: fmt.Errorf("a bug in kval: the document was read as defining kind %s of group %s, and decoding it says otherwise", d.Kind, d.Group)}}
	}
	return l.CRDs[0], nil
}

// DeferCRD defers a raw document that is a CRD whose identity
// ScanCRDIdentity reads; ok is false for any other document.
func DeferCRD(raw manifest.Raw) (d *DeferredCRD, ok bool) {
	id, ok := ScanCRDIdentity(raw.Text())
	if !ok {
		return nil, false
	}
	return &DeferredCRD{CRDIdentity: id, Source: raw.Source, raw: raw}, true
}

// readDeferring reads a file, deferring the CRDs whose identity the scan
// reads and decoding every other document.
func readDeferring(file string) readFile {
	return deferring(manifest.ReadFileRaw(file))
}

// deferring defers the CRDs among raw documents whose identity the scan
// reads and decodes every other document.
func deferring(raws []manifest.Raw, errs []error) readFile {
	out := readFile{errs: errs}
	for _, raw := range raws {
		if d, ok := DeferCRD(raw); ok {
			out.deferred = append(out.deferred, d)
			continue
		}
		docs, errs := decodeRaw(raw)
		out.docs, out.errs = append(out.docs, docs...), append(out.errs, errs...)
	}
	return out
}

// LoadBytesDeferred is LoadBytes that leaves undecoded the CRDs whose
// identity ScanCRDIdentity reads, as LoadFilesDeferred does.
func LoadBytesDeferred(name string, data []byte) *Loaded {
	l := &Loaded{}
	read := deferring(manifest.ReadAllRaw(name, bytes.NewReader(data)))
	l.addAll(name, read.docs, read.errs)
	l.Deferred = read.deferred
	return l
}

// decodeRaw decodes a raw document into its documents (the items of a
// List each) and the errors of those that could not be decoded.
func decodeRaw(raw manifest.Raw) ([]manifest.Document, []error) {
	var docs []manifest.Document
	var errs []error
	for _, decoded := range raw.Decode() {
		if decoded.Err != nil {
			errs = append(errs, decoded.Err)
		} else {
			docs = append(docs, decoded.Document)
		}
	}
	return docs, errs
}
