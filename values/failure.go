package values

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// failure is one validation error as kube-openapi reports it, before it is
// turned into a field.Error the way kube-apiserver turns it
// (kubeOpenAPIResultToFieldErrors).
type failure struct {
	kind failureKind
	// name is kube-openapi's name of the failing value: "" or "." stand for
	// the value validated, a leading "." is dropped.
	name string
	// msg is kube-openapi's message. It is the detail of Invalid and
	// TypeInvalid errors, and what makes two errors the same error: kube-openapi
	// reports a message once.
	msg   string
	value any // bad value
	// count and limit are the actual and allowed sizes of TooLong and TooMany.
	count, limit int64
	enum         *enumRule // supported values of NotSupported
}

type failureKind uint8

const (
	failRequired failureKind = iota
	failNotSupported
	failTooLong
	failTooMany
	failTypeInvalid
	failInvalid
	// failUnnamed is an error kube-openapi reports without a field name
	// (anyOf/oneOf/allOf/not, numbers out of the range of their format): it
	// is reported at the caller's path with an empty bad value.
	failUnnamed
)

// toFieldError converts a failure as kube-apiserver does.
func (f *failure) toFieldError(root fieldRoot) *field.Error {
	var e *field.Error
	switch f.kind {
	case failRequired:
		e = field.Required(nil, "")
	case failNotSupported:
		e = field.NotSupported(nil, f.value, f.enum.supported)
	case failTooLong:
		e = field.TooLong(nil, "", int(f.limit))
	case failTooMany:
		e = field.TooMany(nil, int(f.count), int(f.limit))
	case failTypeInvalid:
		e = field.TypeInvalid(nil, f.value, f.msg)
	case failUnnamed:
		e = field.Invalid(nil, "", f.msg)
		e.Field = root.text
		return e
	default:
		e = field.Invalid(nil, f.value, f.msg)
	}
	e.Field = root.child(f.name)
	return e
}

// fieldRoot is the field path the caller validates at, e.g. nil for a custom
// resource and "status" for its status subresource.
type fieldRoot struct {
	text  string // field.Path.String(): "<nil>" for the nil path
	isNil bool
}

func newFieldRoot(p *field.Path) fieldRoot {
	return fieldRoot{text: p.String(), isNil: p == nil}
}

// child renders the field of a kube-openapi name below the root, as
// fldPath.Child(strings.TrimPrefix(name, ".")) renders it.
func (r fieldRoot) child(name string) string {
	if name == "" || name == "." {
		return r.text
	}
	name = strings.TrimPrefix(name, ".")
	if r.isNil {
		return name
	}
	return r.text + "." + name
}

// dedupe drops failures whose message was reported before, keeping the first.
func dedupe(fs []failure) []failure {
	if len(fs) < 2 {
		return fs
	}
	if len(fs) <= 32 {
		out := fs[:1]
		for _, f := range fs[1:] {
			if !hasMessage(out, f.msg) {
				out = append(out, f)
			}
		}
		return out
	}
	seen := make(map[string]struct{}, len(fs))
	out := fs[:0]
	for _, f := range fs {
		if _, dup := seen[f.msg]; dup {
			continue
		}
		seen[f.msg] = struct{}{}
		out = append(out, f)
	}
	return out
}

func hasMessage(fs []failure, msg string) bool {
	for i := range fs {
		if fs[i].msg == msg {
			return true
		}
	}
	return false
}

func toErrorList(fs []failure, root fieldRoot) field.ErrorList {
	fs = dedupe(fs)
	if len(fs) == 0 {
		return nil
	}
	out := make(field.ErrorList, len(fs))
	for i := range fs {
		out[i] = fs[i].toFieldError(root)
	}
	return out
}
