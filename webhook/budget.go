package webhook

import (
	"context"
	"errors"
	"sync"
	"time"
)

// budget bounds the request bytes being worked on: a request holds its
// minimum charge and its body's bytes as they arrive (metered.go) and
// gives them back when its work ends, which may be after its answer (work
// that outlives a timeout still holds memory). Waiters are served first
// come, first served.
//
// Bodies charged as they arrive can deadlock: large reviews arriving at
// once each hold part of the budget and wait for more, and none ends to
// give any back (eight 6 MiB updates in a 28 MiB budget all got 429 after
// the wait). When everything held is held by waiting requests, the one
// that started last is refused at once, and what it held goes to the
// others: the oldest go on, as with a whole charge up front.
type budget struct {
	limit int64
	wait  time.Duration
	inUse func(delta int64) // the kval_webhook_inflight_bytes gauge

	mu      sync.Mutex
	free    int64
	queue   []*budgetWaiter
	started uint64 // requests opened so far: a hold's age
}

// budgetWaiter is a request waiting for n bytes while it holds held.
type budgetWaiter struct {
	n, held int64
	age     uint64
	ready   chan error // one answer: nil (granted) or errPreempted
}

// errPreempted refuses the youngest of requests that all wait on each
// other.
var errPreempted = errors.New("every byte of the budget is held by requests waiting for more, and this one started last")

func newBudget(limit int64, wait time.Duration, inUse func(int64)) *budget {
	return &budget{limit: limit, wait: wait, inUse: inUse, free: limit}
}

// nextAge numbers a new request.
func (b *budget) nextAge() uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.started++
	return b.started
}

// acquire waits up to b.wait for n bytes of room, for a request of age
// that already holds held bytes.
func (b *budget) acquire(ctx context.Context, n, held int64, age uint64) error {
	b.mu.Lock()
	if len(b.queue) == 0 && b.free >= n {
		b.free -= n
		b.mu.Unlock()
		b.inUse(n)
		return nil
	}
	w := &budgetWaiter{n: n, held: held, age: age, ready: make(chan error, 1)}
	b.queue = append(b.queue, w)
	b.preemptIfDeadlocked()
	b.mu.Unlock()
	return b.await(ctx, w)
}

// await waits for w's answer, or for the wait to end.
func (b *budget) await(ctx context.Context, w *budgetWaiter) error {
	timer := time.NewTimer(b.wait)
	defer timer.Stop()
	select {
	case err := <-w.ready:
		return b.answered(w, err)
	case <-timer.C:
	case <-ctx.Done():
	}
	b.mu.Lock()
	queued := b.remove(w)
	b.grant()
	b.mu.Unlock()
	if queued {
		return context.DeadlineExceeded
	}
	return b.answered(w, <-w.ready) // answered while the wait ended
}

func (b *budget) answered(w *budgetWaiter, err error) error {
	if err == nil {
		b.inUse(w.n)
	}
	return err
}

// give gives n bytes back, to the waiters first.
func (b *budget) give(n int64) {
	b.inUse(-n)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.free += n
	b.grant()
	b.preemptIfDeadlocked()
}

// grant serves the waiters in order while the first fits.
func (b *budget) grant() {
	for len(b.queue) > 0 && b.free >= b.queue[0].n {
		w := b.queue[0]
		b.queue = b.queue[1:]
		b.free -= w.n
		w.ready <- nil
	}
}

// preemptIfDeadlocked refuses the youngest waiter that holds bytes when
// every byte in use is held by waiters: no request would otherwise ever
// give any back.
func (b *budget) preemptIfDeadlocked() {
	var waiting int64
	var youngest *budgetWaiter
	for _, w := range b.queue {
		waiting += w.held
		if w.held > 0 && (youngest == nil || w.age > youngest.age) {
			youngest = w
		}
	}
	if youngest == nil || waiting < b.limit-b.free {
		return
	}
	b.remove(youngest)
	youngest.ready <- errPreempted
}

// remove takes w out of the queue, reporting whether it was there.
func (b *budget) remove(w *budgetWaiter) bool {
	for i, q := range b.queue {
		if q == w {
			b.queue = append(b.queue[:i], b.queue[i+1:]...)
			return true
		}
	}
	return false
}
