package webhook

import (
	"context"
	"errors"
	"testing"
	"time"
)

// acquireAsync acquires n bytes for a request of age holding held, and
// sends the outcome.
func acquireAsync(b *budget, n, held int64, age uint64) chan error {
	out := make(chan error, 1)
	go func() { out <- b.acquire(context.Background(), n, held, age) }()
	return out
}

func outcomeWithin(t *testing.T, what string, ch chan error, within time.Duration) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(within):
		t.Fatalf("%s: no answer within %v", what, within)
		return nil
	}
}

// TestRequestsWaitingOnEachOtherAreBrokenYoungestFirst: two bodies that
// hold the whole budget and both wait for more would wait each other out
// and both be refused; the one that started last is refused at once, and
// its bytes let the older one go on.
func TestRequestsWaitingOnEachOtherAreBrokenYoungestFirst(t *testing.T) {
	b := halvedBudget(t)
	older := acquireAsync(b, 10, 50, 1)
	waitForQueue(t, b, 1)
	younger := acquireAsync(b, 10, 50, 2)
	if err := outcomeWithin(t, "the younger request", younger, time.Second); !errors.Is(err, errPreempted) {
		t.Fatalf("younger request: %v, want it refused at once", err)
	}
	b.give(50) // the refused request ends
	if err := outcomeWithin(t, "the older request", older, time.Second); err != nil {
		t.Errorf("older request: %v, want its bytes", err)
	}
}

// TestAWaiterBesideWorkingRequestsWaits: bytes held by a request that is
// not waiting (its body is read, its work runs) come back; a waiter is not
// refused for them, and gets them.
func TestAWaiterBesideWorkingRequestsWaits(t *testing.T) {
	b := halvedBudget(t)
	waiter := acquireAsync(b, 10, 50, 2)
	waitForQueue(t, b, 1)
	select {
	case err := <-waiter:
		t.Fatalf("answered %v while the working request holds its bytes", err)
	case <-time.After(50 * time.Millisecond):
	}
	b.give(50) // the working request ends
	if err := outcomeWithin(t, "the waiter", waiter, time.Second); err != nil {
		t.Errorf("waiter: %v, want the bytes given back", err)
	}
}

// halvedBudget is a budget of 100 bytes, 50 held by request 1 and 50 by
// request 2.
func halvedBudget(t *testing.T) *budget {
	t.Helper()
	b := newBudget(100, 5*time.Second, func(int64) {})
	for age := uint64(1); age <= 2; age++ {
		if err := b.acquire(context.Background(), 50, 0, age); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func waitForQueue(t *testing.T, b *budget, n int) {
	t.Helper()
	eventually(t, "the request waits", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return len(b.queue) == n
	})
}
