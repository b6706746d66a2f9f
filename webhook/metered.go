package webhook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// A request holds of the in-flight budget what it costs when it costs it:
// minRequestCharge from its start, and its body's bytes as they arrive,
// not its Content-Length before its body has come. A body sent a byte at
// a time holds its bytes, not the budget: charged from Content-Length, 5
// connections that declared 6 MiB and sent a byte a second refused every
// review for the read timeout. A body that finds no room as it arrives
// waits OverloadWait, like a request at its start, then gets HTTP 429 (its
// rest read and dropped first, so that the client reads the answer and not
// a reset connection).

// meteredStep is the least a hold grows by at once, so that a body read
// in small pieces does not take the budget's lock for each.
const meteredStep = 32 << 10

// hold is what one request holds of the budget.
type hold struct {
	b        *budget
	age      uint64 // the order the request started in
	mu       sync.Mutex
	held     int64 // taken from the budget
	read     int64 // body bytes arrived
	released bool
}

// open takes a request's minimum charge, waiting up to the budget's wait.
func (b *budget) open(ctx context.Context) (*hold, error) {
	age := b.nextAge()
	if err := b.acquire(ctx, minRequestCharge, 0, age); err != nil {
		return nil, &overloaded{need: minRequestCharge, limit: b.limit, wait: b.wait}
	}
	return &hold{b: b, age: age, held: minRequestCharge}, nil
}

// grow charges n more body bytes, past what the hold already covers.
func (h *hold) grow(ctx context.Context, n int64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.read += n
	room := h.b.limit - h.held // one request never holds more than the budget
	if h.released || h.read <= h.held || room <= 0 {
		return nil
	}
	step := min(max(h.read-h.held, meteredStep), room)
	if err := h.b.acquire(ctx, step, h.held, h.age); err != nil {
		return &overloaded{need: h.read, limit: h.b.limit, wait: h.b.wait, preempted: errors.Is(err, errPreempted)}
	}
	h.held += step
	return nil
}

// release gives the hold back, once however often it is called.
func (h *hold) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.released {
		h.released = true
		h.b.give(h.held)
	}
}

// overloaded is a request the budget had no room for.
type overloaded struct {
	need, limit int64
	wait        time.Duration
	preempted   bool // refused at once: see budget
}

func (o *overloaded) Error() string {
	if o.preempted {
		return fmt.Sprintf("kval is overloaded: this request needs %d bytes of its in-flight budget of %d bytes (--max-inflight-bytes), "+
			"all held by earlier requests still arriving", o.need, o.limit)
	}
	return fmt.Sprintf("kval is overloaded: this request needs %d bytes of its in-flight budget of %d bytes (--max-inflight-bytes), "+
		"which stayed in use by other requests for %v", o.need, o.limit, o.wait)
}

// meteredBody is a request body that charges its hold as it is read; once
// refused, it stays refused.
type meteredBody struct {
	ctx context.Context
	io.ReadCloser
	hold *hold
	err  error
}

func (m *meteredBody) Read(p []byte) (int, error) {
	if m.err != nil {
		return 0, m.err
	}
	n, err := m.ReadCloser.Read(p)
	if n > 0 {
		if m.err = m.hold.grow(m.ctx, int64(n)); m.err != nil {
			return 0, m.err
		}
	}
	return n, err
}

// isOverloaded reports whether err is the budget's refusal.
func isOverloaded(err error) bool {
	var o *overloaded
	return errors.As(err, &o)
}

// discardBody reads what is left of a body that will not be used, up to
// limit bytes (and the read timeout), so that the client, still sending
// it, reads the answer before the connection closes.
func discardBody(body io.Reader, limit int64) {
	_, _ = io.Copy(io.Discard, io.LimitReader(body, limit))
}

// refuseOverloaded answers a request the budget has no room for with HTTP
// 429 and a Status saying why: kube-apiserver reports the call as failed
// and the webhook's failurePolicy decides.
func (s *Server) refuseOverloaded(w http.ResponseWriter, err error) {
	s.metrics.denials.WithLabelValues(reasonOverloaded).Inc()
	s.log.Warn("request refused: overloaded", "error", err.Error(), "budget", s.budget.limit)
	writeStatus(w, http.StatusTooManyRequests, tooManyRequests(err.Error()))
}
