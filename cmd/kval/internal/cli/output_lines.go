package cli

import (
	"github.com/kval-dev/kval/manifest"
)

// locateFields finds the lines of the fields r's errors name in the text
// of its document (raw), so that CI annotations point at the changed
// field rather than at the document's first line (often a comment). It
// runs in the workers, which hold the text, and only for documents with
// field errors.
func (r *objectResult) locateFields(raw manifest.Raw) {
	if len(r.fieldErrs) == 0 {
		return
	}
	paths := make([]string, len(r.fieldErrs))
	for i, e := range r.fieldErrs {
		paths[i] = e.Field
	}
	src := manifest.Source{File: r.File, Index: r.Index, Line: r.Line, Item: -1}
	if r.Item != nil {
		src.Item = *r.Item
	}
	r.fieldLines = raw.FieldLines(src, paths)
	for i, line := range r.fieldLines {
		if i < len(r.Errors) { // Errors is fieldErrs as JSON, one for one
			r.Errors[i].Line = line
		}
	}
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
