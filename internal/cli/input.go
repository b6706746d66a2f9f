package cli

import (
	"io"

	"github.com/kval-dev/kval/manifest"
)

// inputDoc is one document of the command's input, or the error that
// prevented reading it.
type inputDoc struct {
	doc manifest.Document
	err error
}

// readInputs calls fn for every document of the given files, directories and
// "-" (stdin), in order. Reading is streamed: a document is handed over before
// the next is read.
func readInputs(s streams, args []string, fn func(inputDoc)) error {
	files, err := manifest.ExpandPaths(args)
	if err != nil {
		return badInput("%v", err)
	}
	for _, file := range files {
		if err := readFile(s, file, fn); err != nil {
			fn(inputDoc{doc: manifest.Document{Source: manifest.Source{File: file, Item: -1}}, err: err})
		}
	}
	return nil
}

func readFile(s streams, file string, fn func(inputDoc)) error {
	in, name, closeFn, err := open(s, file)
	if err != nil {
		return err
	}
	defer closeFn()
	r := manifest.NewReader(name, in)
	for {
		doc, err := r.Next()
		if err == io.EOF {
			return nil
		}
		fn(inputDoc{doc: doc, err: err})
		if _, isDocErr := err.(*manifest.Error); err != nil && !isDocErr {
			return nil // the stream itself failed; its error was reported
		}
	}
}

// withoutSource strips the source from a manifest error: results name their
// source themselves.
func withoutSource(err error) error {
	if me, ok := err.(*manifest.Error); ok {
		return me.Err
	}
	return err
}
