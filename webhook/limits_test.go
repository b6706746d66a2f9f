package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// blockingMutator holds every request until release is closed, ignoring
// its context as a long loop without checks would.
func blockingMutator() (Mutator, chan struct{}) {
	release := make(chan struct{})
	return func(context.Context, *admissionv1.AdmissionRequest) ([]byte, []string, error) {
		<-release
		return nil, nil, nil
	}, release
}

// postStatus sends a review and returns the HTTP status and body.
func postStatus(t *testing.T, url string, r *admissionv1.AdmissionReview) (int, string) {
	t.Helper()
	body, _ := json.Marshal(r)
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer resp.Body.Close()
	var text bytes.Buffer
	_, _ = text.ReadFrom(resp.Body)
	return resp.StatusCode, text.String()
}

// TestARequestOverTheBudgetWaitsBrieflyThenIsRefused: with the budget in
// use, a request waits OverloadWait, then gets HTTP 429 with a Status
// saying why, and is counted; once the budget frees up, requests pass.
func TestARequestOverTheBudgetWaitsBrieflyThenIsRefused(t *testing.T) {
	mutator, release := blockingMutator()
	s, ts := newTestServer(t, Options{Mutator: mutator, MaxInFlightBytes: minRequestCharge, OverloadWait: 100 * time.Millisecond})
	var wg sync.WaitGroup
	wg.Go(func() { post(t, ts, "/mutate", review(admissionv1.Create, database("postgres", "16.2"), nil)) })
	eventually(t, "the first request holds the budget", func() bool {
		return counterValue(t, s.Handler(), "kval_webhook_inflight_bytes") == "4096"
	})
	start := time.Now()
	status, body := postStatus(t, ts.URL+"/validate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	waited := time.Since(start)
	if status != http.StatusTooManyRequests || !strings.Contains(body, `"reason":"TooManyRequests"`) || !strings.Contains(body, "kval is overloaded") {
		t.Errorf("HTTP %d %s, want 429 with a TooManyRequests Status", status, body)
	}
	if waited < 100*time.Millisecond || waited > time.Second {
		t.Errorf("refused after %v, want after the 100ms wait, quickly", waited)
	}
	if got := counterValue(t, s.Handler(), `kval_webhook_denials_total{reason="overloaded"}`); got != "1" {
		t.Errorf("overloaded denials counted %s, want 1", got)
	}
	close(release)
	wg.Wait()
	if resp := post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil)); !resp.Allowed {
		t.Errorf("after the budget freed up: %+v", resp.Result)
	}
	if got := counterValue(t, s.Handler(), "kval_webhook_inflight_bytes"); got != "0" {
		t.Errorf("in-flight bytes %s after every request ended, want 0", got)
	}
}

// TestAHoldGrowsWithTheBytesRead: minRequestCharge at the start, then
// the bytes read (in steps), never more than the budget, all given back
// once.
func TestAHoldGrowsWithTheBytesRead(t *testing.T) {
	var inUse int64
	b := newBudget(1<<20, time.Millisecond, func(n int64) { inUse += n })
	h, err := b.open(context.Background())
	if err != nil || inUse != minRequestCharge {
		t.Fatalf("open: %v, %d in use", err, inUse)
	}
	for _, tc := range []struct{ read, want int64 }{
		{100, minRequestCharge}, {minRequestCharge, minRequestCharge + meteredStep}, {200 << 10, 200<<10 + 100 + minRequestCharge}, {2 << 20, 1 << 20},
	} {
		if err := h.grow(context.Background(), tc.read); err != nil || inUse != tc.want {
			t.Errorf("after %d more bytes: %v, %d in use, want %d", tc.read, err, inUse, tc.want)
		}
	}
	h.release()
	h.release()
	if inUse != 0 {
		t.Errorf("%d in use after the release", inUse)
	}
}

// TestATimeoutAnswersOnTimeWhileTheWorkHoldsItsBytes: work that ignores
// its context is answered with a Timeout denial within the timeout plus
// 100ms; its bytes stay charged until it ends.
func TestATimeoutAnswersOnTimeWhileTheWorkHoldsItsBytes(t *testing.T) {
	mutator, release := blockingMutator()
	s, ts := newTestServer(t, Options{Mutator: mutator, Timeout: 200 * time.Millisecond})
	start := time.Now()
	resp := post(t, ts, "/mutate", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if took := time.Since(start); took > 300*time.Millisecond {
		t.Errorf("answered after %v, want within the 200ms timeout plus 100ms", took)
	}
	if resp.Allowed || resp.Result.Reason != metav1.StatusReasonTimeout || !strings.Contains(resp.Result.Message, "--request-timeout 200ms") {
		t.Errorf("got %+v, want a Timeout denial", resp.Result)
	}
	if got := counterValue(t, s.Handler(), "kval_webhook_inflight_bytes"); got != "4096" {
		t.Errorf("in-flight bytes %s while the abandoned work runs, want 4096", got)
	}
	close(release)
	eventually(t, "the work's bytes are given back", func() bool { return counterValue(t, s.Handler(), "kval_webhook_inflight_bytes") == "0" })
}

func TestMaxInFlightBytesForFitsTheMemoryLimit(t *testing.T) {
	if got := MaxInFlightBytesFor(512 << 20); got < 24<<20 || got*BytesPerBodyByte+64<<20 > 512<<20 {
		t.Errorf("512 MiB: %d bytes in flight; want room for eight 3 MiB reviews within the limit", got)
	}
	if got := MaxInFlightBytesFor(32 << 20); got != DefaultMaxBodyBytes {
		t.Errorf("32 MiB: %d bytes in flight, want one review of the largest size", got)
	}
}
