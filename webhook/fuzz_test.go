package webhook

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/catalog"
)

// FuzzValidate sends arbitrary bodies to /validate: the answer is an HTTP
// error or a response to the request, never a crash and never an allowed
// request kval did not check.
func FuzzValidate(f *testing.F) {
	for _, r := range []*admissionv1.AdmissionReview{
		review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2")),
		review(admissionv1.Create, database("postgres", "16.2"), nil),
		review(admissionv1.Delete, nil, nil),
	} {
		body, _ := json.Marshal(r)
		f.Add(body)
	}
	f.Add([]byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"x","operation":"UPDATE","object":[]}}`))
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles("../examples/crd.yaml"); err != nil {
		f.Fatal(err)
	}
	h := New(cat, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}).Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			return
		}
		out := &admissionv1.AdmissionReview{}
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil || out.Response == nil {
			t.Fatalf("200 without a response: %s", rec.Body.String())
		}
		in := &admissionv1.AdmissionReview{} // as the server read it: the first JSON value
		_ = json.NewDecoder(bytes.NewReader(body)).Decode(in)
		if out.Response.Allowed && checked(in.Request) && in.Request.Kind.Kind != "Database" {
			t.Fatalf("allowed a %s kval has no schema for", in.Request.Kind.Kind)
		}
	})
}
