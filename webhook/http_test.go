package webhook

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
)

// The HTTP side of the server, tested once: the handler tests call Admit
// and Mutate directly.

func newTestServer(t *testing.T, opts Options, sources ...Source) (*Server, *httptest.Server) {
	t.Helper()
	s := newServer(t, opts, sources...)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

// post sends a review and returns the response, failing on a non-200 answer.
func post(t *testing.T, ts *httptest.Server, path string, r *admissionv1.AdmissionReview) *admissionv1.AdmissionResponse {
	t.Helper()
	body, _ := json.Marshal(r)
	resp, err := http.Post(ts.URL+path, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		text, _ := io.ReadAll(resp.Body)
		t.Fatalf("HTTP %d: %s", resp.StatusCode, text)
	}
	out := &admissionv1.AdmissionReview{}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
	if out.Response == nil || out.Response.UID != r.Request.UID || out.Kind != "AdmissionReview" {
		t.Fatalf("not a response to the request: %+v", out)
	}
	return out.Response
}

// TestAReviewGoesThroughHTTP: /validate and /mutate answer an
// AdmissionReview with the review of Admit's and Mutate's responses.
func TestAReviewGoesThroughHTTP(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	r := review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))
	want := s.Admit(t.Context(), r.Request)
	if got := post(t, ts, "/validate", r); got.Allowed || got.Result.Message != want.Result.Message || got.Result.Code != 422 {
		t.Errorf("/validate: got %+v, want %+v", got.Result, want.Result)
	}
	if got := post(t, ts, "/mutate", r); !got.Allowed {
		t.Errorf("/mutate: got %+v, want allowed", got.Result)
	}
}

func TestBodiesThatAreNotAdmissionReviewsGetHTTPErrors(t *testing.T) {
	s, ts := newTestServer(t, Options{MaxBodyBytes: 1 << 20})
	tests := []struct {
		name, contentType, body string
		status                  int
	}{
		{"malformed JSON", "application/json", `{"apiVersion": `, 400},
		{"wrong kind", "application/json", `{"apiVersion":"v1","kind":"Pod","request":{"uid":"x"}}`, 400},
		{"no request", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`, 400},
		{"body over the limit", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"` + strings.Repeat("x", 10<<20) + `"}}`, 413},
		{"YAML", "application/yaml", `apiVersion: admission.k8s.io/v1`, 415},
		// Deeper than kube-apiserver takes: denied in the review (deepreview.go).
		{"deep nesting", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"x","operation":"CREATE",` +
			`"kind":{"group":"example.kval.dev","version":"v1","kind":"Database"},"object":` +
			strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001) + `}}`, 200},
	}
	for _, tc := range tests {
		resp, err := http.Post(ts.URL+"/validate", tc.contentType, strings.NewReader(tc.body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: HTTP %d, want %d", tc.name, resp.StatusCode, tc.status)
		}
	}
	// The server is alive and still answers.
	if resp := post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil)); !resp.Allowed {
		t.Errorf("after bad requests: %+v", resp.Result)
	}
	if got := counterValue(t, s.Handler(), `kval_webhook_denials_total{reason="bad-request"}`); got != "6" {
		t.Errorf("bad requests counted %s, want 6", got)
	}
}
