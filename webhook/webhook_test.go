package webhook

import (
	"context"
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

// catalogOf serves the CRDs of file, with the catalog options of a server
// with opts (CatalogOptions), as kval serve builds its catalog.
func catalogOf(t testing.TB, file string, opts Options) *catalog.Catalog {
	t.Helper()
	cat := catalog.New(CatalogOptions(opts))
	if _, err := cat.LoadFiles(file); err != nil {
		t.Fatal(err)
	}
	return cat
}

// exampleCatalog serves the example Database CRD (examples/crd.yaml).
func exampleCatalog(t testing.TB, opts Options) *catalog.Catalog {
	return catalogOf(t, "../examples/crd.yaml", opts)
}

// serverOf is a server of the CRDs of file, logging nowhere.
func serverOf(t testing.TB, file string, opts Options, sources ...Source) *Server {
	t.Helper()
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	return New(catalogOf(t, file, opts), opts, sources...)
}

// newServer is a server of the example catalog; its handler tests call
// Admit and Mutate without HTTP (http_test.go serves it once).
func newServer(t testing.TB, opts Options, sources ...Source) *Server {
	return serverOf(t, "../examples/crd.yaml", opts, sources...)
}

// admit is the server's answer to a review's request on /validate.
func admit(t *testing.T, s *Server, r *admissionv1.AdmissionReview) *admissionv1.AdmissionResponse {
	t.Helper()
	return answered(t, r, s.Admit(t.Context(), r.Request))
}

// mutate is the server's answer to a review's request on /mutate.
func mutate(t *testing.T, s *Server, r *admissionv1.AdmissionReview) *admissionv1.AdmissionResponse {
	t.Helper()
	return answered(t, r, s.Mutate(t.Context(), r.Request))
}

func answered(t *testing.T, r *admissionv1.AdmissionReview, resp *admissionv1.AdmissionResponse) *admissionv1.AdmissionResponse {
	t.Helper()
	if resp == nil || resp.UID != r.Request.UID || (!resp.Allowed && resp.Result == nil) {
		t.Fatalf("not a response to the request: %+v", resp)
	}
	return resp
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

func TestAnImmutableFieldChangeIsDeniedAsKubeAPIServerWouldSayIt(t *testing.T) {
	s := newServer(t, Options{})
	resp := admit(t, s, review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2")))
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
	complement := newServer(t, Options{})
	if resp := admit(t, complement, review(admissionv1.Create, badVersion, nil)); !resp.Allowed {
		t.Errorf("complement mode: kube-apiserver checks patterns itself, got %+v", resp.Result)
	}
	full := newServer(t, Options{Mode: ModeFull})
	resp := admit(t, full, review(admissionv1.Create, badVersion, nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "spec.version: Invalid value") {
		t.Errorf("full mode: got %+v, want the pattern error", resp.Result)
	}
}

func TestRequestsTheEngineDoesNotCheckAreAllowed(t *testing.T) {
	s := newServer(t, Options{})
	for _, r := range []*admissionv1.AdmissionReview{
		review(admissionv1.Delete, nil, database("postgres", "16.2")),
		review(admissionv1.Connect, nil, nil),
		func() *admissionv1.AdmissionReview {
			r := review(admissionv1.Update, []byte(`{"kind":"Scale"}`), []byte(`{"kind":"Scale"}`))
			r.Request.SubResource = "scale"
			return r
		}(),
	} {
		if resp := admit(t, s, r); !resp.Allowed {
			t.Errorf("%s %s: denied %+v", r.Request.Operation, r.Request.SubResource, resp.Result)
		}
	}
}

func TestRequestsKvalCannotCheckAreDenied(t *testing.T) {
	s := newServer(t, Options{})
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
			resp := admit(t, s, tc.r)
			if resp.Allowed || !strings.Contains(resp.Result.Message, tc.want) {
				t.Errorf("got %+v, want a denial saying %q", resp.Result, tc.want)
			}
		})
	}
}

func TestAPanicDeniesTheRequestAndIsCounted(t *testing.T) {
	boom := func(context.Context, *admissionv1.AdmissionRequest) ([]byte, []string, error) { panic("boom") }
	s := newServer(t, Options{Mutator: boom})
	resp := mutate(t, s, review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "internal error (boom)") || resp.Result.Reason != metav1.StatusReasonInternalError {
		t.Errorf("got %+v, want a fail-closed InternalError denial", resp.Result)
	}
	if got := counterValue(t, s.Handler(), "kval_webhook_panics_recovered_total"); got != "1" {
		t.Errorf("panics counted %s, want 1", got)
	}
}

func TestATimedOutRequestIsDenied(t *testing.T) {
	s := newServer(t, Options{Timeout: time.Nanosecond})
	resp := admit(t, s, review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || !strings.Contains(resp.Result.Message, "did not finish checking Database of example.kval.dev/v1 in time") || resp.Result.Reason != metav1.StatusReasonTimeout {
		t.Errorf("got %+v, want a Timeout denial", resp.Result)
	}
}

func TestTheMutatingEndpointAllowsUnchangedWithoutAMutator(t *testing.T) {
	s := newServer(t, Options{})
	if resp := mutate(t, s, review(admissionv1.Create, database("postgres", "16.2"), nil)); !resp.Allowed || resp.Patch != nil {
		t.Errorf("got %+v", resp)
	}
}

// counterValue reads one sample of the server's /metrics.
func counterValue(t *testing.T, h http.Handler, sample string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	for _, line := range strings.Split(rec.Body.String(), "\n") {
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
	s := newServer(t, Options{Mutator: refuse})
	resp := mutate(t, s, review(admissionv1.Create, database("postgres", "16.2"), nil))
	if resp.Allowed || resp.Result.Message != "parameter size is immutable" {
		t.Errorf("got %+v, want the mutator's error as the denial", resp.Result)
	}
}
