package webhook

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestMetricLabelsAreBoundedByWhatKvalServes: strings a client makes up
// (kinds, groups, operations) all count as "other"; served kinds and the
// four operations keep their names.
func TestMetricLabelsAreBoundedByWhatKvalServes(t *testing.T) {
	s, ts := newTestServer(t, Options{})
	for i := range 50 {
		r := review(admissionv1.Operation(fmt.Sprintf("OP%d", i)), database("postgres", "16.2"), nil)
		r.Request.Kind = metav1.GroupVersionKind{Group: fmt.Sprintf("g%d.example", i), Version: "v1", Kind: fmt.Sprintf("K%d", i)}
		post(t, ts, "/validate", r)
	}
	post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	unknown := review(admissionv1.Delete, database("postgres", "16.2"), nil)
	unknown.Request.Kind.Kind = "Table"
	post(t, ts, "/validate", unknown)

	want := map[string]string{
		`kval_webhook_requests_total{group="other",kind="other",operation="other",verdict="allowed"}`:                "50",
		`kval_webhook_requests_total{group="example.kval.dev",kind="Database",operation="CREATE",verdict="allowed"}`: "1",
		`kval_webhook_requests_total{group="other",kind="other",operation="DELETE",verdict="allowed"}`:               "1",
		`kval_webhook_request_duration_seconds_count{operation="other"}`:                                             "50",
	}
	for sample, value := range want {
		if got := counterValue(t, s.Handler(), sample); got != value {
			t.Errorf("%s = %s, want %s", sample, got, value)
		}
	}
	if series := strings.Count(metricsText(t, ts), "kval_webhook_requests_total{"); series != 3 {
		t.Errorf("%d series of kval_webhook_requests_total, want 3", series)
	}
}

func metricsText(t *testing.T, ts *httptest.Server) string {
	t.Helper()
	resp, err := http.Get(ts.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	return string(text)
}
