package cli

import (
	"fmt"
	"slices"

	"github.com/kval-dev/kval/manifest"
)

// locateFields finds the lines of the fields r's errors name in the text
// of its document (raw), so that CI annotations point at the changed
// field rather than at the document's first line (often a comment). It
// runs in the workers, which hold the text, and only for documents with
// field errors.
func (r *objectResult) locateFields(raw manifest.Raw) {
	fields := r.fieldsBeside()
	if len(r.fieldErrs) == 0 && len(fields) == 0 && len(r.warningPaths) == 0 {
		return
	}
	paths := make([]string, 0, len(r.fieldErrs)+len(fields)+len(r.warningPaths))
	for _, e := range r.fieldErrs {
		paths = append(paths, e.Field)
	}
	paths = append(append(paths, fields...), r.warningPaths...)
	src := manifest.Source{File: r.File, Index: r.Index, Line: r.Line, Item: -1}
	if r.Item != nil {
		src.Item = *r.Item
	}
	lines := raw.FieldLines(src, paths)
	n, m := len(r.fieldErrs), len(r.fieldErrs)+len(fields)
	r.fieldLines, r.prunedLines, r.warningFieldLines = lines[:n], lines[n:m], lines[m:]
	for i, p := range r.warningPaths {
		if p == "" {
			r.warningFieldLines[i] = 0
		}
	}
	for i, line := range r.fieldLines {
		if i < len(r.Errors) { // Errors is fieldErrs as JSON, one for one
			r.Errors[i].Line = line
		}
	}
	// A decoded document is rejected with unknown fields only by strict
	// field validation, at its first unknown field.
	if r.Rejected != "" && !r.unparsed && len(r.prunedLines) > 0 {
		r.RejectedLine = r.prunedLines[0]
	}
	r.Errors = append(r.unknownFieldErrors(), r.Errors...)
}

// fieldsBeside are the fields located beside the errors' : the unknown
// fields strict field validation refused, or those pruned.
func (r *objectResult) fieldsBeside() []string {
	if r.unknown != nil {
		return r.unknown
	}
	return r.Pruned
}

// unknownFieldErrors are the unknown fields strict field validation
// refused, one JSON entry each at its line, ahead of the other errors.
func (r *objectResult) unknownFieldErrors() []fieldError {
	out := make([]fieldError, len(r.unknown))
	for i, p := range r.unknown {
		out[i] = fieldError{Type: "FieldValueUnknown", Field: p, Detail: "unknown field",
			Message: fmt.Sprintf("strict decoding error: unknown field %q", p), Line: lineOf(r.prunedLines, i), UnknownField: true}
	}
	return out
}

// locateWarnings sets WarningLines for the warnings shown, of which the
// first are the unknown fields when showPruned.
func (r *objectResult) locateWarnings(showPruned bool) {
	var lines []int
	if showPruned {
		lines = append(lines, r.prunedLines...)
	}
	lines = append(lines, r.warningFieldLines...)
	if !slices.ContainsFunc(lines, func(l int) bool { return l > 0 }) {
		return
	}
	r.WarningLines = make([]int, len(r.shownWarnings))
	copy(r.WarningLines, lines)
}

// warningLine is the line to point at for the i-th warning shown: its
// field's, or the document's.
func (r *objectResult) warningLine(i int) int {
	if i < len(r.WarningLines) && r.WarningLines[i] > 0 {
		return r.WarningLines[i]
	}
	return r.Line
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

// located is a message and the line it points at.
type located struct {
	line int
	msg  string
}

// rejections are the messages of a rejected or unusable document: one per
// unknown field, at its line, for a strict field validation rejection;
// otherwise the whole message at problemLine.
func (r *objectResult) rejections() []located {
	if r.RejectedLine == 0 {
		return []located{{problemLine(r), r.message()}}
	}
	fields := r.fieldsBeside()
	out := make([]located, len(fields))
	for i, p := range fields {
		line := r.Line
		if i < len(r.prunedLines) && r.prunedLines[i] > 0 {
			line = r.prunedLines[i]
		}
		out[i] = located{line, fmt.Sprintf("%s: strict decoding error: unknown field %q", r.subject(), p)}
	}
	return out
}
