package webhook

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// readAfter is a reader that takes d, then gives a request with uid u,
// or err.
func readAfter(d time.Duration, err error) reader {
	return func() (*admission, metav1.TypeMeta, int, error) {
		time.Sleep(d)
		if err != nil {
			return nil, metav1.TypeMeta{}, http.StatusBadRequest, err
		}
		req := &admissionv1.AdmissionRequest{UID: "u", Kind: databaseKind, Operation: admissionv1.Create}
		return &admission{AdmissionRequest: req}, metav1.TypeMeta{}, 0, nil
	}
}

func allowAll(context.Context, *admission) (*admissionv1.AdmissionResponse, error) {
	return allow(), nil
}

// TestADeadlineWhileReadingWaitsForTheUID: when the deadline comes
// before the review is read, the answer is a Timeout denial as soon as
// it is read, with the request's uid (kube-apiserver refuses an answer
// without it), and the work's bytes are given back when it ends.
func TestADeadlineWhileReadingWaitsForTheUID(t *testing.T) {
	s := newServer(t, Options{Timeout: 20 * time.Millisecond})
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	released := make(chan struct{})
	a := s.answerOnWorker(ctx, allowAll, readAfter(100*time.Millisecond, nil), func() { close(released) }, true)
	if a.resp == nil || a.resp.Allowed || a.resp.UID != "u" || a.reason != reasonTimeout || a.review != nil {
		t.Fatalf("got %+v (reason %q), want a Timeout denial of uid u, to be encoded by the handler", a.resp, a.reason)
	}
	select {
	case <-released:
	case <-time.After(10 * time.Second):
		t.Fatal("the work's bytes were never given back")
	}
}

// TestABodyThatIsNoReviewIsAnsweredAsOneAfterTheDeadline: a body read
// after the deadline that is no review gets its HTTP error, not a
// denial of a request that does not exist.
func TestABodyThatIsNoReviewIsAnsweredAsOneAfterTheDeadline(t *testing.T) {
	s := newServer(t, Options{})
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	unusable := errors.New("not an AdmissionReview")
	a := s.answerOnWorker(ctx, allowAll, readAfter(50*time.Millisecond, unusable), func() {}, true)
	if !errors.Is(a.readErr, unusable) || a.status != http.StatusBadRequest || a.resp != nil {
		t.Errorf("got %+v, want the reader's error and status", a)
	}
}

// TestAPanicWhileReadingIsCountedAndAnswered500: a panic on the worker
// outside the endpoint (reading the review, encoding its answer) is
// raised again on the handler's goroutine, where the server's recovery
// counts it, logs it and answers 500, before the deadline and after it.
func TestAPanicWhileReadingIsCountedAndAnswered500(t *testing.T) {
	var logged bytes.Buffer
	opts := Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))}
	s := New(exampleCatalog(t, opts), opts)
	for i, tc := range []struct{ timeout, reading time.Duration }{{time.Minute, 0}, {10 * time.Millisecond, 50 * time.Millisecond}} {
		timeout := tc.timeout
		h := s.recovered(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), timeout)
			defer cancel()
			read := func() (*admission, metav1.TypeMeta, int, error) {
				time.Sleep(tc.reading)
				panic("boom")
			}
			s.writeAnswer(w, r, s.answerOnWorker(ctx, allowAll, read, func() {}, true))
		}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/validate", nil))
		if rec.Code != http.StatusInternalServerError {
			t.Errorf("timeout %v: status %d, want 500", timeout, rec.Code)
		}
		if got, want := counterValue(t, s.Handler(), "kval_webhook_panics_recovered_total"), []string{"1", "2"}[i]; got != want {
			t.Errorf("timeout %v: panics counted %s, want %s", timeout, got, want)
		}
		if n := strings.Count(logged.String(), "panic=boom"); n != i+1 {
			t.Errorf("timeout %v: the reader's panic logged %d times, want %d: %s", timeout, n, i+1, &logged)
		}
	}
}

// TestAnAnswerAfterTheDeadlineIsNotUsed: work that ends when the deadline
// has passed, whatever it found, is answered with a Timeout denial (the
// handler may find its answer and the deadline at once; here the deadline
// shows only in Err, so the answer comes first).
func TestAnAnswerAfterTheDeadlineIsNotUsed(t *testing.T) {
	s := newServer(t, Options{})
	a := s.answerOnWorker(passedDeadline{t.Context()}, allowAll, readAfter(0, nil), func() {}, true)
	if a.resp == nil || a.resp.Allowed || a.reason != reasonTimeout || a.resp.UID != "u" {
		t.Fatalf("got %+v (reason %q), want a Timeout denial of uid u", a.resp, a.reason)
	}
}

// passedDeadline is a context whose deadline has passed though its Done
// channel is not closed yet.
type passedDeadline struct{ context.Context }

func (passedDeadline) Err() error { return context.DeadlineExceeded }
