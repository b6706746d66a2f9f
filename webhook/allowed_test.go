package webhook

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// marshalReview is encodeReview's answer by encoding/json alone.
func marshalReview(t testing.TB, typeMeta metav1.TypeMeta, resp *admissionv1.AdmissionResponse) []byte {
	body, err := json.Marshal(admissionv1.AdmissionReview{TypeMeta: typeMeta, Response: resp})
	if err != nil {
		t.Fatal(err)
	}
	return append(body, '\n')
}

var reviewTypeMeta = metav1.TypeMeta{Kind: "AdmissionReview", APIVersion: "admission.k8s.io/v1"}

func TestPlainAllowedIsEncodedAsEncodingJSONDoes(t *testing.T) {
	patchType := admissionv1.PatchTypeJSONPatch
	for _, c := range []struct {
		name     string
		typeMeta metav1.TypeMeta
		resp     *admissionv1.AdmissionResponse
		fast     bool
	}{
		{"allowed", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "705ab4f5-6393-11e8-b7cc-42010a800002", Allowed: true}, true},
		{"no uid", reviewTypeMeta, &admissionv1.AdmissionResponse{Allowed: true}, true},
		{"no kind", metav1.TypeMeta{APIVersion: "admission.k8s.io/v1"}, &admissionv1.AdmissionResponse{UID: "u", Allowed: true}, true},
		{"no apiVersion", metav1.TypeMeta{Kind: "AdmissionReview"}, &admissionv1.AdmissionResponse{UID: "u", Allowed: true}, true},
		{"no type meta", metav1.TypeMeta{}, &admissionv1.AdmissionResponse{UID: "u", Allowed: true}, true},
		{"empty warnings, patch and annotations", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Allowed: true, Warnings: []string{}, Patch: []byte{}, AuditAnnotations: map[string]string{}}, true},
		{"denied", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Result: &metav1.Status{Message: "no", Code: 403}}, false},
		{"warnings", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Allowed: true, Warnings: []string{"w"}}, false},
		{"patch", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Allowed: true, Patch: []byte(`[]`), PatchType: &patchType}, false},
		{"audit annotations", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Allowed: true, AuditAnnotations: map[string]string{"a": "b"}}, false},
		{"allowed with a status", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "u", Allowed: true, Result: &metav1.Status{}}, false},
		{"uid with <", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "a<b", Allowed: true}, false},
		{"uid with >", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "a>b", Allowed: true}, false},
		{"uid with &", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "a&b", Allowed: true}, false},
		{"uid with a backslash", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: `a\b`, Allowed: true}, false},
		{"uid with DEL", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "a\x7fb", Allowed: true}, false},
		{"uid with a quote", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: `a"b`, Allowed: true}, false},
		{"uid with a line separator", reviewTypeMeta, &admissionv1.AdmissionResponse{UID: "a\u2028b", Allowed: true}, false},
		{"kind not UTF-8", metav1.TypeMeta{Kind: "\xff", APIVersion: "v"}, &admissionv1.AdmissionResponse{UID: "u", Allowed: true}, false},
		{"apiVersion with a control character", metav1.TypeMeta{Kind: "k", APIVersion: "a\tb"}, &admissionv1.AdmissionResponse{UID: "u", Allowed: true}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := marshalReview(t, c.typeMeta, c.resp)
			if got := encodeReview(c.typeMeta, c.resp); !bytes.Equal(got, want) {
				t.Errorf("encodeReview:\n got %s\nwant %s", got, want)
			}
			if _, fast := encodePlainAllowed(c.typeMeta, c.resp); fast != c.fast {
				t.Errorf("taken without reflection: %v, want %v", fast, c.fast)
			}
		})
	}
}

func FuzzPlainAllowedAsEncodingJSON(f *testing.F) {
	f.Add("AdmissionReview", "admission.k8s.io/v1", "705ab4f5-6393-11e8-b7cc-42010a800002", true, false)
	f.Add("", "", "", true, true)
	f.Add("<", "é", "\x7f", true, false)
	f.Fuzz(func(t *testing.T, kind, apiVersion, uid string, allowed, warned bool) {
		resp := &admissionv1.AdmissionResponse{UID: types.UID(uid), Allowed: allowed}
		if warned {
			resp.Warnings = []string{uid}
		}
		typeMeta := metav1.TypeMeta{Kind: kind, APIVersion: apiVersion}
		if got, want := encodeReview(typeMeta, resp), marshalReview(t, typeMeta, resp); !bytes.Equal(got, want) {
			t.Errorf("encodeReview:\n got %q\nwant %q", got, want)
		}
	})
}

// TestPlainAllowedKnowsEveryField pins the fields encodePlainAllowed
// writes or declines: a field admission.k8s.io adds to the review, its
// type meta or its response must be handled there before this passes.
func TestPlainAllowedKnowsEveryField(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want []string
	}{
		{reflect.TypeFor[admissionv1.AdmissionReview](), []string{"TypeMeta", "Request", "Response"}},
		{reflect.TypeFor[metav1.TypeMeta](), []string{"Kind", "APIVersion"}},
		{reflect.TypeFor[admissionv1.AdmissionResponse](), []string{"UID", "Allowed", "Result", "Patch", "PatchType", "AuditAnnotations", "Warnings"}},
	} {
		var got []string
		for i := range c.typ.NumField() {
			got = append(got, c.typ.Field(i).Name)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s has fields %v, encodePlainAllowed knows %v", c.typ, got, c.want)
		}
	}
}
