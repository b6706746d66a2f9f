package e2e

import (
	"io"
	"net/http"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestBadRequestsStraightToTheWebhook sends what kube-apiserver never sends
// to the running webhook over its TLS port: each gets an HTTP error or a
// denial saying why, none is allowed, and the webhook goes on judging
// kube-apiserver's requests. An object nested deeper than kube-apiserver
// accepts is denied inside an AdmissionReview, so that failurePolicy
// never decides it.
func TestBadRequestsStraightToTheWebhook(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "hostile")
	review := func(request string) string {
		return `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":` + request + `}`
	}
	kind := `"kind":{"group":"` + h.group + `","version":"v1","kind":"Ledger"}`
	object := `{"apiVersion":"` + h.group + `/v1","kind":"Ledger","metadata":{"name":"x","namespace":"ledgers"},"spec":{"engine":"mysql"}}`
	tests := []struct {
		name, body string
		status     int
		denial     string // in the response, when status is 200
	}{
		{"malformed JSON", `{"apiVersion": "admission.k8s.io/v1", "kind": `, 400, ""},
		{"wrong kind", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"}}`, 400, ""},
		{"10 MB body", review(`{"uid":"big","operation":"CREATE",` + kind + `,"object":{"spec":{"engine":"` + strings.Repeat("x", 10<<20) + `"}}}`), 413, ""},
		{"deep nesting", review(`{"uid":"deep","operation":"CREATE",` + kind + `,"object":` + strings.Repeat(`{"a":`, 20000) + "1" + strings.Repeat("}", 20000) + `}`), 200, "nesting is deeper than 10000 levels"},
		{"UPDATE without oldObject", review(`{"uid":"u","operation":"UPDATE",` + kind + `,"object":` + object + `}`), 200, "an UPDATE request without oldObject cannot be checked"},
		{"unknown kind", review(`{"uid":"k","operation":"CREATE","kind":{"group":"` + h.group + `","version":"v1","kind":"Vault"},"object":` + object + `}`), 200, "kval has no schema for Vault of " + h.group + "/v1"},
	}
	for _, tc := range tests {
		resp, err := h.https.Post(h.url+"/validate", "application/json", strings.NewReader(tc.body))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var body strings.Builder
		_, _ = io.Copy(&body, resp.Body)
		resp.Body.Close()
		switch {
		case resp.StatusCode != tc.status:
			t.Errorf("%s: HTTP %d, want %d: %.200s", tc.name, resp.StatusCode, tc.status, body.String())
		case tc.status == http.StatusOK && (!strings.Contains(body.String(), `"allowed":false`) || !strings.Contains(body.String(), tc.denial)):
			t.Errorf("%s: %.300s, want a denial saying %q", tc.name, body.String(), tc.denial)
		}
	}
	// Still alive and judging kube-apiserver's requests.
	h.createLedger(t, "after", decodeJSON(t, baseSpec))
	obj := h.read(t, "after")
	obj.Object["spec"].(map[string]any)["engine"] = "mysql"
	_, err := h.ledgers.Update(t.Context(), obj, metav1.UpdateOptions{})
	h.checkDenied(t, "after", err, []string{"spec.engine: Forbidden: field is immutable"})
}
