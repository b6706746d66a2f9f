package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// objectResult is the outcome for one input document, in the JSON shape
// shared by the prune and validate commands.
type objectResult struct {
	File string `json:"file"`
	// Revision is the git revision File was read at: set for the objects
	// only the --base revision has, which are deleted.
	Revision   string `json:"revision,omitempty"`
	Index      int    `json:"index"`
	Item       *int   `json:"item,omitempty"`
	Line       int    `json:"line,omitempty"`
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace"`
	Name       string `json:"name"`
	// GenerateName is metadata.generateName, of an object with no name:
	// kube-apiserver names it on create.
	GenerateName string `json:"generateName,omitempty"`

	Operation string         `json:"operation,omitempty"`
	Valid     *bool          `json:"valid,omitempty"`
	Object    map[string]any `json:"object,omitempty"`
	Pruned    []string       `json:"pruned"`
	Errors    []fieldError   `json:"errors"`
	// MoreErrors counts the errors past the first engine.MaxAnsweredErrors,
	// which are not listed (the webhook's answer lists as many).
	MoreErrors int      `json:"moreErrors,omitempty"`
	Warnings   []string `json:"warnings,omitempty"`
	// Error is a problem that kept the document from being processed at
	// all: it could not be read, or its group's CRD does not serve its kind.
	Error string `json:"error,omitempty"`
	// Skipped says why a document was not processed on purpose: no CRD of
	// its group was given (a Namespace or a Deployment among the manifests).
	Skipped string `json:"skipped,omitempty"`
	// Rejected says why kube-apiserver would refuse the document before
	// validating it: no CRD serves its version or kind (kubectl: "no
	// matches for kind"), or unknown fields under strict field validation.
	// The document is invalid; the others are unaffected.
	Rejected string `json:"rejected,omitempty"`
	// RejectedLine is the line of the first unknown field that made strict
	// field validation reject the document (see locateFields).
	RejectedLine int `json:"rejectedLine,omitempty"`
	// WarningLines are the lines of Warnings' fields (an unknown field's),
	// one for one, 0 where a warning names none; absent when none does.
	WarningLines []int `json:"warningLines,omitempty"`

	fieldErrs field.ErrorList // Errors, for text output
	// fieldLines are the lines of fieldErrs' fields, 0 where not found;
	// set by validateOutput only for documents with errors.
	fieldLines []int
	internal   bool // Error is a panic kval recovered
	unparsed   bool // Rejected: the document does not parse

	// prunedLines are the lines of Pruned's fields (or of unknown's), 0
	// where not found.
	prunedLines []int
	// warningPaths are the fields Warnings name (see warningPaths), and
	// warningFieldLines their lines, one for one, 0 where not found.
	warningPaths      []string
	warningFieldLines []int
	// unknown are the unknown fields strict field validation refused:
	// nothing was pruned (see validate_round.go).
	unknown []string

	// verdict and shownWarnings are set by validateOutput for its printers.
	verdict       verdict
	shownWarnings []string
	invalidCRD    *catalog.InvalidCRDError
}

// setErrors records the field errors of the result.
func (r *objectResult) setErrors(errs field.ErrorList) {
	errs = namedFields(errs)
	r.fieldErrs = errs
	r.Errors = toFieldErrors(errs)
}

// setLookupError records why no validator serves the document.
func (r *objectResult) setLookupError(err error) {
	if notCovered := (*catalog.NotCoveredError)(nil); errors.As(err, &notCovered) {
		r.Skipped = "skipped: " + err.Error()
		return
	}
	var noMatch *catalog.NoMatchError
	var notObject *catalog.NotAnObjectError
	if errors.As(err, &noMatch) || errors.As(err, &notObject) {
		r.reject(err.Error())
		return
	}
	if conflict := (*crdsource.ConflictError)(nil); errors.As(err, &conflict) {
		r.reject(conflict.Both())
		return
	}
	if dup := (*catalog.UnusableCRDError)(nil); errors.As(err, &dup) && dup.Duplicate {
		r.reject(err.Error())
		return
	}
	if errors.As(err, &r.invalidCRD) {
		r.Error = fmt.Sprintf("its %s %q is invalid: kube-apiserver would reject it (kval lint %s)", schema.CRDKind, r.invalidCRD.CRD.Name(), r.invalidCRD.CRD.Source.File)
		return
	}
	r.Error = err.Error()
}

// setReadError records why a document was not read: a document that does
// not parse (bad YAML, a duplicate key, over a limit) is invalid, as
// kubectl or kube-apiserver would refuse it, and the run goes on; a stream
// or directory that cannot be read leaves the input unusable.
func (r *objectResult) setReadError(err error) {
	if docErr := (*manifest.Error)(nil); errors.As(err, &docErr) {
		r.reject(docErr.Err.Error())
		r.unparsed = true
		return
	}
	r.Error = withoutSource(err).Error()
}

// reject records a document kube-apiserver would refuse before validation.
func (r *objectResult) reject(why string) {
	valid := false
	r.Valid, r.Rejected = &valid, why
}

// fieldError is a field.Error in JSON; Type is the metav1.CauseType string.
type fieldError struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	// BadValue is the value as JSON, null when the value was null; it is
	// absent when the error shows no value (Forbidden, Required, a CEL
	// rule's message...), as kubectl prints it.
	BadValue json.RawMessage `json:"badValue,omitempty"`
	Detail   string          `json:"detail"`
	// Message is the error as kubectl prints it: "field: Type: value: detail".
	Message string `json:"message"`
	// Line is the line of the field in the file, when kval found it.
	Line int `json:"line,omitempty"`
	// Origin is "kval" for the errors of kval's own checks (the mutability
	// extensions), which kube-apiserver does not make; absent for
	// kube-apiserver's.
	Origin string `json:"origin,omitempty"`
	// AfterUnknownFieldsRemoved says that kube-apiserver gives the error
	// once the unknown fields that strict field validation refused are
	// removed (see validate_round.go); UnknownField is such a field, an
	// entry of its own.
	AfterUnknownFieldsRemoved bool `json:"afterUnknownFieldsRemoved,omitempty"`
	UnknownField              bool `json:"unknownField,omitempty"`
}

func newObjectResult(doc manifest.Document) objectResult {
	r := objectResult{
		File:   doc.Source.File,
		Index:  doc.Source.Index,
		Line:   doc.Source.Line,
		Pruned: []string{},
		Errors: []fieldError{},
	}
	if doc.Source.Item >= 0 {
		item := doc.Source.Item
		r.Item = &item
	}
	r.APIVersion, _ = doc.Object["apiVersion"].(string)
	r.Kind, _ = doc.Object["kind"].(string)
	if meta, ok := doc.Object["metadata"].(map[string]any); ok {
		r.Namespace, _ = meta["namespace"].(string)
		r.Name, _ = meta["name"].(string)
		if r.Name == "" {
			r.GenerateName, _ = meta["generateName"].(string)
		}
	}
	return r
}

func toFieldErrors(errs field.ErrorList) []fieldError {
	out := make([]fieldError, 0, len(errs))
	for _, e := range errs {
		out = append(out, fieldError{Type: string(e.Type), Field: e.Field, BadValue: badValueJSON(e), Detail: e.Detail, Message: e.Error()})
	}
	return out
}

// badValueJSON is the value an error shows, as JSON; nil when it shows none
// (field.Error.ErrorBody prints no value for these types, or OmitValue).
func badValueJSON(e *field.Error) json.RawMessage {
	switch e.Type {
	case field.ErrorTypeRequired, field.ErrorTypeForbidden, field.ErrorTypeTooLong, field.ErrorTypeTooShort, field.ErrorTypeInternal:
		return nil
	}
	if _, omitted := e.BadValue.(field.OmitValueType); omitted {
		return nil
	}
	js, err := json.Marshal(e.BadValue)
	if err != nil {
		// A value JSON cannot hold: the message shows it as kubectl would.
		js, _ = json.Marshal(fmt.Sprintf("%v", e.BadValue))
	}
	return js
}

// deleteOperation is the operation of an object only the --base revision
// has: it is reported, not validated.
const deleteOperation = "delete"

// source names the document for messages: "file:line", "revision:file:line"
// for a deleted object.
func (r *objectResult) source() string { return r.sourceAt(r.Line) }

// sourceAt names the document with another line of it: a field's.
func (r *objectResult) sourceAt(line int) string {
	s := manifest.Source{File: r.File, Line: line, Item: -1}
	if r.Item != nil {
		s.Item = *r.Item
	}
	if r.Revision != "" {
		return r.Revision + ":" + s.String()
	}
	return s.String()
}

// messageName is the name kube-apiserver's messages give the object: its
// name, or the prefix of the one it will be given.
func (r *objectResult) messageName() string {
	if r.Name == "" {
		return r.GenerateName
	}
	return r.Name
}

// subject names the object as kubectl does: `Kind "name"`.
func (r *objectResult) subject() string {
	if r.unparsed || (r.Kind == "" && r.Name == "") {
		return "document"
	}
	kind := printable(r.Kind)
	if kind == "" {
		kind = "object"
	}
	if r.GenerateName != "" {
		return fmt.Sprintf("%s generateName %q", kind, r.GenerateName)
	}
	return fmt.Sprintf("%s %q", kind, r.Name)
}

// printYAMLDocument writes v as one YAML document of a stream.
func printYAMLDocument(w io.Writer, v any, first bool) error {
	out, err := marshalYAML(v)
	if err != nil {
		return err
	}
	if !first {
		if _, err := io.WriteString(w, "---\n"); err != nil {
			return err
		}
	}
	_, err = w.Write(out)
	return err
}

// jsonResults streams the document {"results": [...]} one result at a
// time, as printJSON would print it whole.
type jsonResults struct {
	w     io.Writer
	count int
}

func startJSONResults(w io.Writer) *jsonResults {
	fmt.Fprint(w, "{\n  \"results\": [")
	return &jsonResults{w: w}
}

func (j *jsonResults) add(result any) error {
	item, err := marshalJSON(result, "    ", true)
	if err != nil {
		return err
	}
	sep := ","
	if j.count == 0 {
		sep = ""
	}
	j.count++
	_, err = fmt.Fprintf(j.w, "%s\n    %s", sep, item)
	return err
}

// end closes the results array; what follows it (the summary) and the
// document's closing brace are the caller's.
func (j *jsonResults) end() {
	if j.count == 0 {
		fmt.Fprint(j.w, "]")
		return
	}
	fmt.Fprint(j.w, "\n  ]")
}

// reportNothingDone says on stderr that no object was validated (or
// pruned: done) out of docs documents read, in a run that found nothing
// wrong; an error with failOnEmpty, a warning otherwise. It returns the
// exit code it calls for.
func reportNothingDone(s streams, done string, docs int, failOnEmpty bool) int {
	why := `the input is empty (no document, only comments or "---")`
	if docs > 0 {
		why = fmt.Sprintf("the %d document(s) read were skipped or unusable", docs)
	}
	if failOnEmpty {
		fmt.Fprintf(s.err, "error: no object was %s: %s\n", done, why)
		return ExitBadInput
	}
	fmt.Fprintf(s.err, "Warning: no object was %s: %s; --fail-on-empty makes this an error\n", done, why)
	return ExitValid
}
