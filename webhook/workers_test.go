package webhook

import (
	"runtime"
	"testing"
	"time"
)

// runOn runs f on a worker of w and waits for it.
func runOn(w *workers, f func()) {
	done := make(chan struct{})
	w.start(func() {
		defer close(done)
		f()
	})
	<-done
}

// TestAStuckWorkerHoldsUpNoOther: with every worker busy, a new function
// gets a goroutine of its own at once.
func TestAStuckWorkerHoldsUpNoOther(t *testing.T) {
	w := &workers{idle: make(chan chan func(), 1)}
	stuck := make(chan struct{})
	defer close(stuck)
	w.start(func() { <-stuck })
	done := make(chan struct{})
	w.start(func() { close(done) })
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the second function waited for the stuck one")
	}
}

// TestWorkersAreReusedAndBounded: functions run one after another reuse
// one worker, and at most the idle channel's capacity stays parked after
// a burst.
func TestWorkersAreReusedAndBounded(t *testing.T) {
	w := &workers{idle: make(chan chan func(), 2)}
	before := runtime.NumGoroutine()
	for range 100 {
		runOn(w, func() {})
	}
	if grown := runtime.NumGoroutine() - before; grown > 1 {
		t.Errorf("%d goroutines more after 100 calls one after another, want at most 1", grown)
	}
	release := make(chan struct{})
	for range 8 {
		w.start(func() { <-release })
	}
	close(release)
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine()-before > 2 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if parked := runtime.NumGoroutine() - before; parked > 2 {
		t.Errorf("%d goroutines left after a burst of 8, want at most the 2 idle", parked)
	}
}
