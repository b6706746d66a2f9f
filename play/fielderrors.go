package play

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// addLintErrors records lint's errors on one CRD document.
func (r *Report) addLintErrors(doc document, errs field.ErrorList) {
	if len(errs) == 0 {
		return
	}
	r.Lint.Valid = false
	r.Lint.Errors = append(r.Lint.Errors, fieldErrors(inputCRD, doc, errs)...)
}

// fieldErrors turns errors on a document into located FieldErrors.
func fieldErrors(input string, doc document, errs field.ErrorList) []FieldError {
	paths := make([]string, len(errs))
	for i, e := range errs {
		paths[i] = e.Field
	}
	lines := doc.raw.FieldLines(doc.Source, paths)
	out := make([]FieldError, len(errs))
	for i, e := range errs {
		out[i] = FieldError{Input: input, Field: e.Field, Type: string(e.Type), Detail: e.Detail,
			Message: e.Field + ": " + e.ErrorBody(), Line: lines[i]}
	}
	return out
}
