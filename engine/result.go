package engine

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Result is the outcome of one request.
type Result struct {
	// Object is the object kube-apiserver returns for the request: pruned,
	// defaulted, changed as the registry and the strategy change it, then
	// read back from storage, which applies the storage version's defaults
	// again (a status the create strategy dropped comes back with its
	// defaults). For a rejected request it is the object kube-apiserver
	// would have returned. It is nil when the object could not be decoded.
	Object map[string]any
	// Stored is the object as storage keeps it, before the read back gives
	// it the defaults of its schema again (a status the create strategy
	// dropped is absent), in the request's version; set only with
	// Request.KeepStored. Whether a write changes what storage holds (and
	// the resourceVersion) depends on it, not on Object.
	Stored map[string]any
	// Pruned are the paths of removed unknown fields, sorted.
	Pruned []string
	// Errors reject the request.
	Errors field.ErrorList
	// KvalErrors are the errors among Errors that kval's own checks found
	// (the mutability extensions, Options.Extensions), which kube-apiserver
	// does not check itself.
	KvalErrors field.ErrorList
	// BadRequest rejects the request before validation, as kube-apiserver's
	// decoder does with 400 Bad Request (unknown fields under
	// FieldValidationStrict).
	BadRequest error
	// Ratcheted are errors on values an update did not change: ratcheting
	// (KEP-4008) lets the request through; frontends show them as warnings.
	Ratcheted field.ErrorList
	// ToleratedListTypes are list-type errors (duplicates in sets and
	// list-map keys) of an updated object that kube-apiserver lets through
	// because the old object had list-type errors too, wherever they were.
	ToleratedListTypes field.ErrorList
	// TypeConflicts are values whose JSON type contradicts the schema, found
	// while pruning. Decode leaves them to value validation, which rejects
	// them with the same errors.
	TypeConflicts field.ErrorList
	// Warnings are kube-apiserver's warnings of the request (finalizer
	// names); they do not reject it.
	Warnings []string
	// Notes are kval's own remarks that kube-apiserver does not send (it
	// drops a status written past the status subresource silently): the
	// CLI and the webhook show them, kvaltest, which answers as
	// kube-apiserver does, does not.
	Notes []string
}

// Valid reports whether the request would be accepted.
func (r *Result) Valid() bool { return len(r.Errors) == 0 && r.BadRequest == nil }

// UnknownFieldsError is kube-apiserver's strict decoding error.
type UnknownFieldsError struct {
	Paths []string
}

func (e *UnknownFieldsError) Error() string {
	quoted := make([]string, len(e.Paths))
	for i, p := range e.Paths {
		quoted[i] = fmt.Sprintf("unknown field %q", p)
	}
	return "strict decoding error: " + strings.Join(quoted, ", ")
}

// RatchetedWarnings are the ratcheted and tolerated errors in the words
// frontends show them: the error, and why it does not reject the request.
func (r *Result) RatchetedWarnings() []string {
	out := make([]string, 0, len(r.Ratcheted)+len(r.ToleratedListTypes))
	for _, e := range r.Ratcheted {
		out = append(out, e.Error()+" (ratcheted: unchanged from the old object)")
	}
	for _, e := range r.ToleratedListTypes {
		out = append(out, e.Error()+" (allowed: the old object already had list-type errors)")
	}
	return out
}
