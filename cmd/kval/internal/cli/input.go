package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/kval-dev/kval/manifest"
)

// inputDoc is one document of the command's input, or the error that
// prevented reading it.
type inputDoc struct {
	doc manifest.Document
	err error
	// json says that the document's file is read as JSON (manifest.ReadAt).
	json bool
}

// rawInput is one document of the command's input, cut from its file but
// not decoded, or the error that prevented reading it.
type rawInput struct {
	raw  manifest.Raw
	err  error
	json bool // the document's file is read as JSON (manifest.ReadAt)
}

// decode decodes the document: one inputDoc, the items of a List, or none.
func (in rawInput) decode() []inputDoc {
	if in.err != nil {
		return []inputDoc{{doc: manifest.Document{Source: in.raw.Source}, err: in.err}}
	}
	decoded := in.raw.Decode()
	out := make([]inputDoc, len(decoded))
	for i, d := range decoded {
		out[i] = inputDoc{doc: d.Document, err: d.Err, json: in.json}
	}
	return out
}

// readInputs calls fn for every document of the given files, directories and
// "-" (stdin), in order. Reading is streamed: a document is handed over before
// the next is read. A file or a subdirectory that cannot be read is handed
// over as one error, and the others are still read.
func readInputs(s streams, args []string, fn func(inputDoc)) error {
	return readRawInputs(s, args, func(in rawInput) {
		for _, doc := range in.decode() {
			fn(doc)
		}
	})
}

// readRawInputs is readInputs without decoding, so that the caller may
// decode documents in parallel.
func readRawInputs(s streams, args []string, fn func(rawInput)) error {
	files, skipped, err := manifest.ExpandPathsSkipping(args)
	files = withoutExcluded(s.exclude, files)
	for _, f := range skipped {
		fmt.Fprintf(s.err, "Warning: %s\n", f)
	}
	var unreadable *manifest.UnreadableError
	switch {
	case errors.As(err, &unreadable):
		for _, d := range unreadable.Dirs {
			fn(rawInput{raw: manifest.Raw{Source: manifest.Source{File: d.Dir, Item: -1}}, err: d})
		}
	case err != nil:
		return badInput("%v", err)
	}
	for _, file := range files {
		if err := readFile(s, file, fn); err != nil {
			fn(rawInput{raw: manifest.Raw{Source: manifest.Source{File: file, Item: -1}}, err: err})
		}
	}
	return nil
}

// readFile hands over the documents of one file; a read error of the
// stream ends it.
func readFile(s streams, file string, fn func(rawInput)) error {
	in, name, closeFn, err := open(s, file)
	if err != nil {
		return err
	}
	defer closeFn()
	readStream(name, in, fn)
	return nil
}

// readStream hands over the documents of a stream named name.
func readStream(name string, in io.Reader, fn func(rawInput)) {
	r := manifest.NewReader(name, in)
	for {
		raw, err := r.NextRaw()
		if err == io.EOF {
			return
		}
		fn(rawInput{raw: raw, err: err, json: r.JSON()})
	}
}

// withoutSource strips the source from a manifest error: results name their
// source themselves.
func withoutSource(err error) error {
	var docErr *manifest.Error
	var readErr *manifest.ReadError
	var dirErr *manifest.DirError
	switch {
	case errors.As(err, &docErr):
		return docErr.Err
	case errors.As(err, &readErr):
		return fmt.Errorf("reading stopped: %w", readErr.Err)
	case errors.As(err, &dirErr):
		return fmt.Errorf("directory not read: %w", dirErr.Err)
	}
	return err
}

// checkStdinOnce refuses "-" given more than once among the inputs of a
// command (--crd - -, say): stdin can be read only once, and the second
// reader would find it empty.
func checkStdinOnce(inputs ...[]string) error {
	n := 0
	for _, list := range inputs {
		for _, p := range list {
			if p == manifest.Stdin {
				n++
			}
		}
	}
	if n > 1 {
		return badInput(`stdin ("-") is given %d times: it can be read only once`, n)
	}
	return nil
}
