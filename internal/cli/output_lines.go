package cli

import (
	"os"

	"github.com/kval-dev/kval/manifest"
)

// fieldLocator finds the lines of the fields of invalid documents, so that
// CI annotations point at the changed field rather than at the document's
// first line (often a comment). It keeps the last file open: the results
// of one file come one after the other.
type fieldLocator struct {
	name string
	file *os.File
}

// locate sets the line of each field error of r that its document has.
// Documents of stdin (read once) and of a --base revision (not in the
// work tree) keep their document's line.
func (l *fieldLocator) locate(r *objectResult) {
	if len(r.fieldErrs) == 0 || r.File == stdinName || r.Revision != "" {
		return
	}
	f := l.open(r.File)
	if f == nil {
		return
	}
	paths := make([]string, len(r.fieldErrs))
	for i, e := range r.fieldErrs {
		paths[i] = e.Field
	}
	src := manifest.Source{File: r.File, Index: r.Index, Line: r.Line, Item: -1, Offset: r.offset}
	if r.Item != nil {
		src.Item = *r.Item
	}
	r.fieldLines = manifest.FieldLines(f, src, paths)
	for i, line := range r.fieldLines {
		if i < len(r.Errors) { // Errors is fieldErrs as JSON, one for one
			r.Errors[i].Line = line
		}
	}
}

// open returns the file named, or nil when it cannot be opened.
func (l *fieldLocator) open(name string) *os.File {
	if l.name == name {
		return l.file
	}
	l.close()
	l.name = name
	l.file, _ = os.Open(name)
	return l.file
}

func (l *fieldLocator) close() {
	if l.file != nil {
		l.file.Close()
	}
	l.name, l.file = "", nil
}

// errorLine is the line to point at for the i-th field error: its
// field's, or the document's when the field was not found.
func (r *objectResult) errorLine(i int) int {
	if i < len(r.fieldLines) && r.fieldLines[i] > 0 {
		return r.fieldLines[i]
	}
	return problemLine(r)
}

// firstErrorLine is the line of the first field error, or the document's.
func (r *objectResult) firstErrorLine() int {
	if len(r.fieldErrs) == 0 {
		return problemLine(r)
	}
	return r.errorLine(0)
}
