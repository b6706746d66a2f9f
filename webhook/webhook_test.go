package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/catalog"
)

// exampleCatalog serves the README's Database CRD.
func exampleCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles("../examples/crd.yaml"); err != nil {
		t.Fatal(err)
	}
	return cat
}

func newTestServer(t *testing.T, opts Options, sources ...Source) (*Server, *httptest.Server) {
	t.Helper()
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	s := New(exampleCatalog(t), opts, sources...)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts
}

var databaseKind = metav1.GroupVersionKind{Group: "example.kval.dev", Version: "v1", Kind: "Database"}

func database(engine, version string) []byte {
	return []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop","resourceVersion":"7","generation":1},` +
		`"spec":{"engine":"` + engine + `","version":"` + version + `","replicas":1}}`)
}

func review(op admissionv1.Operation, obj, old []byte) *admissionv1.AdmissionReview {
	return &admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request: &admissionv1.AdmissionRequest{
			UID: "req-1", Kind: databaseKind, Resource: metav1.GroupVersionResource{Group: "example.kval.dev", Version: "v1", Resource: "databases"},
			Name: "orders", Namespace: "shop", Operation: op,
			Object: runtime.RawExtension{Raw: obj}, OldObject: runtime.RawExtension{Raw: old},
		},
	}
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

func TestAnImmutableFieldChangeIsDeniedAsKubeAPIServerWouldSayIt(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	resp := post(t, ts, "/validate", review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2")))
	want := `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`
	if resp.Allowed || resp.Result.Message != want || resp.Result.Code != 422 || resp.Result.Reason != metav1.StatusReasonInvalid {
		t.Fatalf("got %+v, want a 422 Invalid denial %q", resp.Result, want)
	}
	d := resp.Result.Details
	if d.Name != "orders" || d.Group != "example.kval.dev" || d.Kind != "Database" || len(d.Causes) != 1 ||
		d.Causes[0].Field != "spec.engine" || d.Causes[0].Type != metav1.CauseTypeForbidden {
		t.Errorf("details %+v", d)
	}
}

func TestWhatKubeAPIServerChecksIsLeftToItUnlessModeFull(t *testing.T) {
	badVersion := database("postgres", "not a version") // the CRD's pattern rejects it
	_, complement := newTestServer(t, Options{})
	if resp := post(t, complement, "/validate", review(admissionv1.Create, badVersion, nil)); !resp.Allowed {
		t.Errorf("complement mode: kube-apiserver checks patterns itself, got %+v", resp.Result)
	}
	_, full := newTestServer(t, Options{Mode: ModeFull})
	resp := post(t, full, "/validate", review(admissionv1.Create, badVersion, nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "spec.version: Invalid value") {
		t.Errorf("full mode: got %+v, want the pattern error", resp.Result)
	}
}

func TestRequestsTheEngineDoesNotCheckAreAllowed(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	for _, r := range []*admissionv1.AdmissionReview{
		review(admissionv1.Delete, nil, database("postgres", "16.2")),
		review(admissionv1.Connect, nil, nil),
		func() *admissionv1.AdmissionReview {
			r := review(admissionv1.Update, []byte(`{"kind":"Scale"}`), []byte(`{"kind":"Scale"}`))
			r.Request.SubResource = "scale"
			return r
		}(),
	} {
		if resp := post(t, ts, "/validate", r); !resp.Allowed {
			t.Errorf("%s %s: denied %+v", r.Request.Operation, r.Request.SubResource, resp.Result)
		}
	}
}

func TestRequestsKvalCannotCheckAreDenied(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	unknown := review(admissionv1.Create, database("postgres", "16.2"), nil)
	unknown.Request.Kind.Kind = "Table"
	huge := []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"x"},"spec":{"engine":"` + strings.Repeat("x", 4<<20) + `"}}`)
	tests := []struct {
		name string
		r    *admissionv1.AdmissionReview
		want string
	}{
		{"unknown kind", unknown, `kval has no schema for Table of example.kval.dev/v1`},
		{"update without oldObject", review(admissionv1.Update, database("postgres", "16.2"), nil), "an UPDATE request without oldObject cannot be checked"},
		{"over 3 MiB", review(admissionv1.Create, huge, nil), "larger than 3145728 bytes, the limit of kube-apiserver"},
		{"not an object", review(admissionv1.Create, []byte(`[1]`), nil), "object is not usable: a JSON array, not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp := post(t, ts, "/validate", tc.r)
			if resp.Allowed || !strings.Contains(resp.Result.Message, tc.want) {
				t.Errorf("got %+v, want a denial saying %q", resp.Result, tc.want)
			}
		})
	}
}

func TestBodiesThatAreNotAdmissionReviewsGetHTTPErrors(t *testing.T) {
	_, ts := newTestServer(t, Options{MaxBodyBytes: 1 << 20})
	tests := []struct {
		name, contentType, body string
		status                  int
	}{
		{"malformed JSON", "application/json", `{"apiVersion": `, 400},
		{"wrong kind", "application/json", `{"apiVersion":"v1","kind":"Pod","request":{"uid":"x"}}`, 400},
		{"no request", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview"}`, 400},
		{"body over the limit", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"` + strings.Repeat("x", 10<<20) + `"}}`, 413},
		{"YAML", "application/yaml", `apiVersion: admission.k8s.io/v1`, 415},
		{"deep nesting", "application/json", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"x","object":` +
			strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001) + `}}`, 400},
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
	if got := counterValue(t, ts, `kval_webhook_denials_total{reason="bad-request"}`); got != "6" {
		t.Errorf("bad requests counted %s, want 6", got)
	}
}

func TestAPanicDeniesTheRequestAndIsCounted(t *testing.T) {
	boom := func(context.Context, *admissionv1.AdmissionRequest) ([]byte, []string, error) { panic("boom") }
	_, ts := newTestServer(t, Options{Mutator: boom})
	resp := post(t, ts, "/mutate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "internal error (boom)") || resp.Result.Reason != metav1.StatusReasonInternalError {
		t.Errorf("got %+v, want a fail-closed InternalError denial", resp.Result)
	}
	if got := counterValue(t, ts, "kval_webhook_panics_recovered_total"); got != "1" {
		t.Errorf("panics counted %s, want 1", got)
	}
}

func TestATimedOutRequestIsDenied(t *testing.T) {
	_, ts := newTestServer(t, Options{Timeout: time.Nanosecond})
	resp := post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "did not finish checking Database of example.kval.dev/v1 in time") || resp.Result.Reason != metav1.StatusReasonTimeout {
		t.Errorf("got %+v, want a Timeout denial", resp.Result)
	}
}

func TestTheMutatingEndpointAllowsUnchangedWithoutAMutator(t *testing.T) {
	_, ts := newTestServer(t, Options{})
	if resp := post(t, ts, "/mutate", review(admissionv1.Create, database("postgres", "16.2"), nil)); !resp.Allowed || resp.Patch != nil {
		t.Errorf("got %+v", resp)
	}
}

// counterValue reads one sample of /metrics.
func counterValue(t *testing.T, ts *httptest.Server, sample string) string {
	t.Helper()
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(text), "\n") {
		if value, found := strings.CutPrefix(line, sample+" "); found {
			return value
		}
	}
	return "absent"
}

func TestAMutatorErrorDeniesTheRequest(t *testing.T) {
	refuse := func(context.Context, *admissionv1.AdmissionRequest) ([]byte, []string, error) {
		return nil, nil, errors.New("parameter size is immutable")
	}
	_, ts := newTestServer(t, Options{Mutator: refuse})
	resp := post(t, ts, "/mutate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || resp.Result.Message != "parameter size is immutable" {
		t.Errorf("got %+v, want the mutator's error as the denial", resp.Result)
	}
}
