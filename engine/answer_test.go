package engine

import (
	"net/http"
	"reflect"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestErrIsKubeAPIServersAnswer pins Result.Err against what kube-apiserver
// answers: the handlers' 400 for a body the decoder refuses
// (transformDecodeError), the registry's 422 Invalid for an object the
// strategy rejects (rest.BeforeCreate), nothing for an accepted one.
func TestErrIsKubeAPIServersAnswer(t *testing.T) {
	gvk := schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Foo"}
	bad := field.Invalid(field.NewPath("spec", "size"), int64(-1), "must be positive")
	obj := map[string]any{"metadata": map[string]any{"name": "generated-xxxxx"}}
	for _, tc := range []struct {
		name    string
		res     Result
		reqName string
		code    int32
		reason  metav1.StatusReason
		message string
		causes  int
	}{
		{"accepted", Result{Object: obj, Warnings: []string{"w"}}, "a", 0, "", "", 0},
		{"unknown fields under Strict", Result{BadRequest: &UnknownFieldsError{Paths: []string{"spec.x"}}}, "a",
			http.StatusBadRequest, metav1.StatusReasonBadRequest, `Foo in version "v1" cannot be handled as a Foo: strict decoding error: unknown field "spec.x"`, 0},
		{"an object that does not decode", Result{Errors: field.ErrorList{field.Invalid(field.NewPath("kind"), int64(1), "must be a string")}}, "a",
			http.StatusBadRequest, metav1.StatusReasonBadRequest, `kind: Invalid value: 1: must be a string`, 0},
		{"an invalid object", Result{Object: obj, Errors: field.ErrorList{bad}}, "a",
			http.StatusUnprocessableEntity, metav1.StatusReasonInvalid, `Foo.example.com "a" is invalid: spec.size: Invalid value: -1: must be positive`, 1},
		{"an invalid object with a generated name", Result{Object: obj, Errors: field.ErrorList{bad, field.Required(field.NewPath("spec", "name"), "")}}, "",
			http.StatusUnprocessableEntity, metav1.StatusReasonInvalid, `Foo.example.com "generated-xxxxx" is invalid: [spec.size: Invalid value: -1: must be positive, spec.name: Required value]`, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.res.Err(gvk, tc.reqName)
			if tc.code == 0 {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			s := err.Status()
			if s.Code != tc.code || s.Reason != tc.reason || s.Message != tc.message {
				t.Fatalf("got %d %s %q, want %d %s %q", s.Code, s.Reason, s.Message, tc.code, tc.reason, tc.message)
			}
			if got := 0; s.Details != nil {
				if got = len(s.Details.Causes); got != tc.causes {
					t.Errorf("causes %+v, want %d", s.Details.Causes, tc.causes)
				}
			}
		})
	}
}

func TestResponseWarningsKeepNotesApart(t *testing.T) {
	res := Result{Warnings: []string{"finalizer"}, Notes: []string{WarningStatusChangesIgnored},
		Ratcheted: field.ErrorList{field.Invalid(field.NewPath("spec", "x"), "a", "bad")}}
	want := []string{"finalizer", `spec.x: Invalid value: "a": bad (ratcheted: unchanged from the old object)`}
	if got := res.ResponseWarnings(); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
