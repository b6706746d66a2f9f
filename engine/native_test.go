package engine

import (
	"context"
	"errors"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// stubNative answers every request with its answer and records what it saw.
type stubNative struct {
	answer NativeAnswer
	seen   NativeRequest
}

func (s *stubNative) Admit(_ context.Context, req NativeRequest) NativeAnswer {
	s.seen = req
	return s.answer
}

const nativeSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      size: {type: integer}
`

func compileNative(t *testing.T, n Native) *Validator {
	t.Helper()
	return compileSchemaWith(t, nativeSchema, Options{Native: func(*schema.CRD, string) Native { return n }})
}

// TestNativeAnswersInPlaceOfTheSchema: a Native validator's errors and
// object are the result, the schema's value validation does not run (a
// string size passes it), and the schema still finds unknown fields.
func TestNativeAnswersInPlaceOfTheSchema(t *testing.T) {
	stored := map[string]any{"apiVersion": "example.com/v1", "kind": "Foo", "stored": true}
	n := &stubNative{answer: NativeAnswer{Object: stored, Errors: field.ErrorList{field.Required(field.NewPath("spec", "name"), "")}}}
	obj := yamlObject(t, "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\nspec: {size: big, extra: 1}\n")
	res := validate(t, compileNative(t, n), Request{Operation: Create, Object: obj})
	if len(res.Errors) != 1 || res.Errors[0].Field != "spec.name" {
		t.Errorf("errors %v, want Native's alone", res.Errors)
	}
	if res.Object["stored"] != true {
		t.Errorf("object %v, want Native's", res.Object)
	}
	if len(res.Pruned) != 1 || res.Pruned[0] != "spec.extra" {
		t.Errorf("pruned %v, want spec.extra", res.Pruned)
	}
	if n.seen.Operation != Create || n.seen.Object == nil {
		t.Errorf("Native saw %+v", n.seen)
	}
}

// TestNativeBadRequestComesBeforeUnknownFields: the decoder's 400 (a value
// of the wrong type) is answered before strict field validation's.
func TestNativeBadRequestComesBeforeUnknownFields(t *testing.T) {
	decodeErr := errors.New("Foo in version \"v1\" cannot be handled as a Foo")
	v := compileNative(t, &stubNative{answer: NativeAnswer{BadRequest: decodeErr}})
	obj := yamlObject(t, "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\nspec: {extra: 1}\n")
	res := validate(t, v, Request{Operation: Create, Object: obj, FieldValidation: FieldValidationStrict})
	if res.BadRequest != decodeErr {
		t.Errorf("bad request %v, want Native's", res.BadRequest)
	}
	v = compileNative(t, &stubNative{answer: NativeAnswer{Object: map[string]any{}}})
	res = validate(t, v, Request{Operation: Create, Object: yamlObject(t, "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\nspec: {extra: 1}\n"), FieldValidation: FieldValidationStrict})
	var unknown *UnknownFieldsError
	if !errors.As(res.BadRequest, &unknown) {
		t.Errorf("bad request %v, want strict decoding's", res.BadRequest)
	}
}

// TestNativeObjectsUnusedOnlyWhenNothingReadsThem: a caller that reads no
// Result.Object spares Native the encoding of a create's objects, not of
// an update's (the mutability extensions read them), nor when it keeps the
// stored object.
func TestNativeObjectsUnusedOnlyWhenNothingReadsThem(t *testing.T) {
	n := &stubNative{answer: NativeAnswer{Object: map[string]any{}}}
	v := compileNative(t, n)
	manifest := "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\n"
	cases := []struct {
		name   string
		req    Request
		unused bool
	}{
		{"create, object read", Request{Operation: Create}, false},
		{"create, object not read", Request{Operation: Create, ObjectNotRead: true}, true},
		{"create, stored kept", Request{Operation: Create, ObjectNotRead: true, KeepStored: true}, false},
		{"update, object not read", Request{Operation: Update, ObjectNotRead: true, OldObject: yamlObject(t, manifest)}, false},
	}
	for _, c := range cases {
		c.req.Object = yamlObject(t, manifest)
		validate(t, v, c.req)
		if n.seen.ObjectsUnused != c.unused {
			t.Errorf("%s: ObjectsUnused %v, want %v", c.name, n.seen.ObjectsUnused, c.unused)
		}
	}
}

// finalizingNative is a stubNative that admits updates of the subresource
// it names.
type finalizingNative struct {
	stubNative
	subresource string
}

func (f *finalizingNative) AdmitsSubresource(name string) bool { return name == f.subresource }

// TestNativeAdmitsTheSubresourcesItNames: an update of a subresource other
// than the status reaches a SubresourceNative that admits it, and is an
// error for one that does not (and for a plain Native).
func TestNativeAdmitsTheSubresourcesItNames(t *testing.T) {
	obj := yamlObject(t, "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: a}\n")
	req := Request{Operation: Update, Subresource: "finalize", Object: obj, OldObject: obj}
	n := &finalizingNative{stubNative: stubNative{answer: NativeAnswer{Object: obj}}, subresource: "finalize"}
	if _, err := compileNative(t, n).Validate(context.Background(), req); err != nil || n.seen.Subresource != "finalize" {
		t.Errorf("admitted subresource: %v, Native saw %q", err, n.seen.Subresource)
	}
	n.subresource = "other"
	if _, err := compileNative(t, n).Validate(context.Background(), req); err == nil {
		t.Error("a subresource the Native does not name: no error")
	}
	if _, err := compileNative(t, &stubNative{}).Validate(context.Background(), req); err == nil {
		t.Error("a plain Native: no error")
	}
}
