package webhook

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	authenticationv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestEnvelopeFieldsAreAdmissionRequests: the one pass reads every field
// of AdmissionRequest and of the types in it, and no other; a field added
// upstream must be read here (or its requests are read the usual way,
// declined as unknown, slower but the same).
func TestEnvelopeFieldsAreAdmissionRequests(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		read []string
	}{
		{reflect.TypeFor[admissionv1.AdmissionRequest](), slices.Collect(maps.Keys(requestFields))},
		{reflect.TypeFor[metav1.GroupVersionKind](), slices.Collect(maps.Keys(gvkFields))},
		{reflect.TypeFor[metav1.GroupVersionResource](), slices.Collect(maps.Keys(gvrFields))},
		{reflect.TypeFor[authenticationv1.UserInfo](), slices.Collect(maps.Keys(userInfoFields))},
		{reflect.TypeFor[admissionv1.AdmissionReview](), []string{"apiVersion", "kind", "request", "response"}},
	} {
		if got, want := slices.Sorted(slices.Values(c.read)), jsonNames(c.typ); !slices.Equal(got, want) {
			t.Errorf("%v: the one pass reads %v, the type has %v", c.typ, got, want)
		}
	}
}

// jsonNames are the JSON names of a struct's fields, embedded structs'
// included.
func jsonNames(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			names = append(names, jsonNames(f.Type)...)
			continue
		}
		names = append(names, name)
	}
	return slices.Sorted(slices.Values(names))
}
