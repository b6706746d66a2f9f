package cli

import (
	"math/rand"
	"sync/atomic"
	"testing"
	"time"
)

func TestOrderedMapKeepsInputOrderAndBoundsWork(t *testing.T) {
	const items, window = 500, 8
	var inFlight, maxInFlight atomic.Int64
	var got []int
	var produced, consumed atomic.Int64
	orderedMap(4, window,
		func(send func(int)) {
			for i := range items {
				send(i)
				if ahead := produced.Add(1) - consumed.Load(); ahead > window {
					t.Errorf("%d items in flight, window is %d", ahead, window)
				}
			}
		},
		func(i int) int {
			now := inFlight.Add(1)
			for {
				old := maxInFlight.Load()
				if now <= old || maxInFlight.CompareAndSwap(old, now) {
					break
				}
			}
			time.Sleep(time.Duration(rand.Intn(200)) * time.Microsecond)
			inFlight.Add(-1)
			return i * 2
		},
		func(out int) {
			got = append(got, out)
			consumed.Add(1)
		})
	if len(got) != items {
		t.Fatalf("got %d results, want %d", len(got), items)
	}
	for i, v := range got {
		if v != i*2 {
			t.Fatalf("result %d is %d: out of order", i, v)
		}
	}
	if maxInFlight.Load() > 4 {
		t.Errorf("more workers than asked for: %d", maxInFlight.Load())
	}
}
