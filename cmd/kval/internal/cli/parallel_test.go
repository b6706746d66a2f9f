package cli

import (
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestOrderedMapKeepsInputOrderAndBoundsWork(t *testing.T) {
	const items, window = 500, 8
	var inFlight, maxInFlight atomic.Int64
	var got []int
	var produced, consumed atomic.Int64
	orderedMap(4, bounds[int]{items: window, bytes: 1 << 30, size: func(int) int { return 1 }},
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
		}, nil)
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

// TestOrderedMapBoundsBytesInFlight: items of many sizes, a budget a few
// of them fill; a larger item is let in alone. What is in flight is
// counted from the start of an item's work (it was let in) to its
// consumption.
func TestOrderedMapBoundsBytesInFlight(t *testing.T) {
	const items, budget = 400, 1000
	sizeOf := func(i int) int { return []int{10, 300, 700, 2500}[i%4] }
	var mu sync.Mutex
	held, maxHeld, alone := 0, 0, 0
	orderedMap(3, bounds[int]{items: 1000, bytes: budget, size: sizeOf},
		func(send func(int)) {
			for i := range items {
				send(i)
			}
		},
		func(i int) int {
			mu.Lock()
			held += sizeOf(i)
			if held > budget {
				alone++
				if held != sizeOf(i) {
					t.Errorf("item %d: %d bytes in flight, the budget is %d", i, held, budget)
				}
			}
			maxHeld = max(maxHeld, held)
			mu.Unlock()
			time.Sleep(time.Duration(rand.Intn(100)) * time.Microsecond)
			return i
		},
		func(i int) {
			mu.Lock()
			held -= sizeOf(i)
			mu.Unlock()
		}, nil)
	if alone != items/4 || maxHeld < budget/2 {
		t.Errorf("%d items over the budget let in alone (want %d), at most %d bytes in flight", alone, items/4, maxHeld)
	}
}

// TestOrderedMapSetsAsideWhatWouldWait: the first item would wait (for a
// gate another goroutine opens later); the one worker goes on with the
// items after it meanwhile, comes back to it, and the results keep the
// input's order. With a window of 4 items the worker runs out of new
// items while the first is set aside: it must then run it rather than
// wait for a new one (which would never come: a deadlock).
func TestOrderedMapSetsAsideWhatWouldWait(t *testing.T) {
	for _, window := range []int{4, 100} {
		const items = 50
		gate := make(chan struct{})
		var workedBefore atomic.Int64 // items worked before item 0
		opened := false
		var got []int
		go func() { time.Sleep(20 * time.Millisecond); close(gate) }()
		orderedMap(1, bounds[int]{items: window, bytes: 1 << 30, size: func(int) int { return 1 }},
			func(send func(int)) {
				for i := range items {
					send(i)
				}
			},
			func(i int) int {
				if i == 0 {
					<-gate
					opened = true
				} else if !opened {
					workedBefore.Add(1)
				}
				return i
			},
			func(i int) { got = append(got, i) },
			func(i int) bool {
				select {
				case <-gate:
					return false
				default:
					return i == 0
				}
			})
		if len(got) != items {
			t.Fatalf("window %d: %d results, want %d", window, len(got), items)
		}
		for i, v := range got {
			if v != i {
				t.Fatalf("window %d: result %d is %d: out of order", window, i, v)
			}
		}
		if workedBefore.Load() == 0 {
			t.Errorf("window %d: no item was worked on while the first would wait", window)
		}
	}
}
