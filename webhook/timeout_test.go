package webhook

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestAnswerWithin: a second before kube-apiserver gives up, which rounds
// the time it has left up to a whole second; half of it at two seconds or
// less.
func TestAnswerWithin(t *testing.T) {
	for waits, want := range map[time.Duration]time.Duration{
		10 * time.Second: 9 * time.Second, 3 * time.Second: 2 * time.Second,
		2 * time.Second: time.Second, time.Second: 500 * time.Millisecond,
	} {
		if got := answerWithin(waits); got != want {
			t.Errorf("answerWithin(%v) = %v, want %v", waits, got, want)
		}
	}
}

// TestKubeAPIServersTimeoutSetsTheDeadlineWhenItIsSooner: a request's
// deadline is --request-timeout from its arrival, unless its timeout
// parameter says kube-apiserver waits less; a parameter that is no
// positive duration is ignored.
func TestKubeAPIServersTimeoutSetsTheDeadlineWhenItIsSooner(t *testing.T) {
	s := newServer(t, Options{Timeout: 5 * time.Second})
	for query, want := range map[string]time.Duration{
		"": 5 * time.Second, "?timeout=10s": 5 * time.Second, "?timeout=3s": 2 * time.Second,
		"?timeout=1s": 500 * time.Millisecond, "?timeout=soon": 5 * time.Second, "?timeout=-1s": 5 * time.Second,
		"?timeout=0s": 5 * time.Second, "?dryRun=All": 5 * time.Second,
	} {
		ctx, cancel := s.requestContext(httptest.NewRequest("POST", "/validate"+query, nil))
		deadline, _ := ctx.Deadline()
		if left := time.Until(deadline); left > want || left < want-time.Second/2 {
			t.Errorf("%q: deadline in %v, want %v", query, left, want)
		}
		cancel()
	}
}

// TestAnswerBeforeKubeAPIServerGivesUp: work that runs past the time
// kube-apiserver waits (timeout=1s, under --request-timeout) is answered
// with a Timeout denial within half a second, saying why.
func TestAnswerBeforeKubeAPIServerGivesUp(t *testing.T) {
	mutator, release := blockingMutator()
	defer close(release)
	_, ts := newTestServer(t, Options{Mutator: mutator, Timeout: time.Minute})
	start := time.Now()
	resp := post(t, ts, "/mutate?timeout=1s", review(admissionv1.Create, database("postgres", "16.2"), nil))
	if took := time.Since(start); took > 900*time.Millisecond {
		t.Errorf("answered after %v, want within 500ms and a little", took)
	}
	want := "kube-apiserver waits 1s, so kval answers within 500ms; --request-timeout 1m0s"
	if resp.Allowed || resp.Result.Reason != metav1.StatusReasonTimeout || !strings.Contains(resp.Result.Message, want) {
		t.Errorf("got %+v, want a Timeout denial saying %q", resp.Result, want)
	}
}
