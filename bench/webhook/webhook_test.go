package webhook

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// BenchmarkAdmitHTTPRouteUpdate serves the scenario's request in process:
// decoding the review, the engine's decode and mutability checks, encoding
// the response.
func BenchmarkAdmitHTTPRouteUpdate(b *testing.B) {
	s, err := NewScenario()
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range ReviewNames {
		b.Run(name, func(b *testing.B) { benchmarkAdmit(b, s, s.Reviewed(name)) })
	}
}

// benchmarkAdmit serves review in process.
func benchmarkAdmit(b *testing.B, s *Scenario, review []byte) {
	h := s.Server.Handler()
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(review))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Body.String())
		}
	}
}

// TestTheScenarioIsAllowedAndItsExtensionsBite keeps the benchmark honest.
func TestTheScenarioIsAllowedAndItsExtensionsBite(t *testing.T) {
	s, err := NewScenario()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range ReviewNames {
		review := s.Reviewed(name)
		if body := serve(t, s, review); !strings.Contains(body, `"allowed":true`) {
			t.Fatalf("the measured update must be allowed: %s", body)
		}
	}
	if len(s.AsSent) <= len(s.Review) || !bytes.Contains(s.AsSent, []byte(`"weight":1`)) {
		t.Errorf("the review as sent must carry the defaults kube-apiserver adds (a backend's weight): %s", s.AsSent)
	}
	for _, sent := range []string{`"fieldsV1":{"f:metadata"`, `"subresource":"status"`, `"userInfo":{"username"`, `"requestKind":{`, `"status":{"parents"`} {
		if !bytes.Contains(s.Whole, []byte(sent)) {
			t.Errorf("the whole review must carry %s: %s", sent, s.Whole)
		}
	}
	// Dropping the first hostname breaks hostnames' AddOnly keys.
	bad := bytes.Replace(s.Review, []byte(`"hostnames":["shop.example.com"]`), []byte(`"hostnames":[]`), 1)
	old := bytes.Replace(bad, []byte(`"spec":{"rules"`), []byte(`"spec":{"hostnames":["shop.example.com"],"rules"`), 1)
	if body := serve(t, s, old); !strings.Contains(body, `"allowed":false`) || !strings.Contains(body, "spec.hostnames") {
		t.Errorf("removing a hostname must be denied: %s", body)
	}
}

func serve(t *testing.T, s *Scenario, review []byte) string {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/validate", bytes.NewReader(review))
	req.Header.Set("Content-Type", "application/json")
	s.Server.Handler().ServeHTTP(rec, req)
	return rec.Body.String()
}
