package walkstop

import (
	"context"
	"testing"
)

func TestStopsAtTheFirstCheckAfterTheContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := New(ctx)
	for range 3 * CheckEvery {
		if s.Ended() {
			t.Fatalf("stopped after %d visits with a live context", s.Visits())
		}
	}
	cancel()
	n := 0
	for !s.Ended() {
		n++
		if n > CheckEvery {
			t.Fatalf("still walking %d visits after the context ended", n)
		}
	}
	if !s.Ended() {
		t.Fatal("a stopped walk went on")
	}
}

func TestZeroStopperNeverStops(t *testing.T) {
	var s Stopper
	for range 2 * CheckEvery {
		if s.Ended() {
			t.Fatal("the zero Stopper stopped")
		}
	}
}
