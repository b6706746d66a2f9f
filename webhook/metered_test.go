package webhook

import (
	"fmt"
	"net"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
)

// slowBody opens a connection that sends /validate's headers with a
// Content-Length of declared bytes, then sent bytes of the body, and stalls.
func slowBody(t *testing.T, ts *httptest.Server, declared, sent int) {
	t.Helper()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /validate HTTP/1.1\r\nHost: kval\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", declared)
	if _, err := c.Write([]byte(`{"x":"` + strings.Repeat("x", max(sent-6, 0)))); err != nil {
		t.Fatal(err)
	}
}

func inflightBytes(t *testing.T, s *Server) int64 {
	n, _ := strconv.ParseFloat(counterValue(t, s.Handler(), "kval_webhook_inflight_bytes"), 64)
	return int64(n)
}

// TestSlowBodiesHoldOnlyWhatTheySent: bodies that declare most of the
// budget and send a byte hold only their minimum charge, and a review
// sent meanwhile is answered.
func TestSlowBodiesHoldOnlyWhatTheySent(t *testing.T) {
	s, ts := newTestServer(t, Options{MaxInFlightBytes: 1 << 20, OverloadWait: 200 * time.Millisecond})
	for range 5 {
		slowBody(t, ts, 1<<20, 1)
	}
	eventually(t, "the slow bodies are read", func() bool { return inflightBytes(t, s) > 0 })
	status, body := postStatus(t, ts.URL+"/validate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if status != 200 {
		t.Errorf("a review beside 5 slow bodies: HTTP %d %s", status, body)
	}
	if held := inflightBytes(t, s); held > 5*(minRequestCharge+64<<10) {
		t.Errorf("5 slow bodies of 1 byte hold %d bytes of the budget", held)
	}
}

// TestABodyRefusedWhileArrivingGetsItsAnswer: a large review that finds
// the budget full as its body arrives gets HTTP 429 with a Status, not a
// closed connection.
func TestABodyRefusedWhileArrivingGetsItsAnswer(t *testing.T) {
	s, ts := newTestServer(t, Options{MaxInFlightBytes: 512 << 10, OverloadWait: 100 * time.Millisecond})
	slowBody(t, ts, 600_000, 480_000)
	eventually(t, "the slow body holds the budget", func() bool { return inflightBytes(t, s) >= 400_000 })
	large := fmt.Sprintf(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop","annotations":{"a":%q}},`+
		`"spec":{"engine":"postgres","version":"16.2","replicas":1}}`, strings.Repeat("a", 5<<19))
	status, body := postStatus(t, ts.URL+"/validate", review(admissionv1.Create, []byte(large), nil))
	if status != 429 || !strings.Contains(body, `"reason":"TooManyRequests"`) {
		t.Errorf("HTTP %d %.200s, want 429 with a TooManyRequests Status", status, body)
	}
}
