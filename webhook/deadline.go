package webhook

import (
	"context"
	"net/http"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A request is read and answered on one worker (workers.go), which keeps
// the stack that the review's decoding and the engine grew, while the
// goroutine that got it (net/http's handler, or Admit's caller) waits for
// the answer or for the deadline, whichever comes first. At the deadline
// the request is denied at once, as soon as it has been read (the answer
// carries its uid), and so is one whose answer comes as the deadline
// passes; the work, which the engine's steps, the mutability walk and CEL
// stop at their next check of ctx, gives its bytes back to the budget
// (release) when it ends, so that abandoned work still counts against
// the memory it holds.
//
// One handoff there and one back: the request used to be read on one
// worker and answered on a second, and handing it on woke another thread
// for each request (runtime.wakep and its futex call were 7% of the
// in-process handler's CPU on 2 cores; issue 30).

// reader reads a request: its review's type meta and the request, or the
// HTTP status of a body that is no review and why.
type reader func() (req *admission, typeMeta metav1.TypeMeta, status int, err error)

// outcome is what became of a request on its worker.
type outcome struct {
	req      *admission
	typeMeta metav1.TypeMeta
	readAt   time.Time
	status   int   // the HTTP status of readErr
	readErr  error // the body is no review
	resp     *admissionv1.AdmissionResponse
	reason   string // the denial's metric reason
	review   []byte // with encode, the review with resp, as the HTTP answer's body
	panicked any    // raised by the reader or the encoding; fn's own are denials (safely)
}

// answerOnWorker reads a request and answers it with fn on a worker, or
// with a Timeout denial once ctx ends; release is called when the work
// ends. With encode, the worker encodes the review with its answer.
func (s *Server) answerOnWorker(ctx context.Context, fn endpoint, read reader, release func(), encode bool) outcome {
	wasRead, done := make(chan outcome, 1), make(chan outcome, 1)
	pool.start(func() {
		var a outcome
		defer func() {
			a.panicked = recover()
			done <- a
			release()
		}()
		a.req, a.typeMeta, a.status, a.readErr = read()
		a.readAt = time.Now()
		wasRead <- a
		if a.readErr == nil {
			s.answerRead(ctx, fn, &a, encode)
		}
	})
	select {
	case a := <-done:
		if ctx.Err() == nil {
			return a
		}
		return s.late(ctx, a) // done as the deadline came
	case <-ctx.Done():
		return s.late(ctx, whenRead(wasRead, done))
	}
}

// whenRead is the request once it is read, or what became of it when
// reading it panicked.
func whenRead(wasRead, done <-chan outcome) outcome {
	select {
	case a := <-wasRead:
		return a
	case a := <-done:
		return a
	}
}

// answerRead answers a request that was read.
func (s *Server) answerRead(ctx context.Context, fn endpoint, a *outcome, encode bool) {
	a.resp, a.reason = response(s.safely(ctx, fn, a.req))
	a.resp.UID = a.req.UID
	if encode {
		a.review = encodeReview(a.typeMeta, a.resp)
	}
}

// late is the answer to a request once ctx has ended: a Timeout denial,
// whatever its work found, unless the body was no review or reading it
// panicked.
func (s *Server) late(ctx context.Context, a outcome) outcome {
	if a.readErr != nil || a.panicked != nil {
		return a
	}
	a.resp, a.reason = response(nil, deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish checking %s in time: %v (%s)",
		kindOf(a.req.Kind), ctx.Err(), s.timeoutReason(ctx)))
	a.resp.UID = a.req.UID
	a.review = nil
	return a
}
