package memo

import (
	"strings"
	"sync/atomic"
	"testing"
)

// TestComputedOnceWhileCallersWait: concurrent callers of one key share
// one computation.
func TestComputedOnceWhileCallersWait(t *testing.T) {
	m := New[string, *int](10, nil)
	var computed atomic.Int64
	start := make(chan struct{})
	got := make(chan *int, 16)
	for range 16 {
		go func() {
			<-start
			got <- m.Get("k", func(string) *int { computed.Add(1); n := 1; return &n })
		}()
	}
	close(start)
	first := <-got
	for range 15 {
		if p := <-got; p != first {
			t.Fatal("callers got different results")
		}
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("computed %d times, want once", n)
	}
}

// TestBounds: keys keep refuses and keys past max are computed each time
// and not kept.
func TestBounds(t *testing.T) {
	m := New[string, int](2, func(k string) bool { return len(k) < 4 })
	if m.Room() != 2 {
		t.Errorf("an empty Map's room %d, want 2", m.Room())
	}
	computed := 0
	compute := func(k string) int { computed++; return len(k) }
	for range 2 {
		for _, k := range []string{"a", "long key", "b", "c"} {
			if got := m.Get(k, compute); got != len(k) {
				t.Fatalf("Get(%q) = %d", k, got)
			}
		}
	}
	if !m.Has("a") || !m.Has("b") || m.Has("long key") || m.Has("c") {
		t.Errorf("kept a %v, b %v, long key %v, c %v; want a and b alone", m.Has("a"), m.Has("b"), m.Has("long key"), m.Has("c"))
	}
	if m.Len() != 2 || m.Room() != 0 || computed != 2+2*2 {
		t.Errorf("kept %d keys, computed %d times; want 2 kept (a, b), long key and c computed each time: 6", m.Len(), computed)
	}
}

// TestAPanicLeavesTheKeyToTheNextCaller: a compute that panics is not
// kept; the next caller computes again.
func TestAPanicLeavesTheKeyToTheNextCaller(t *testing.T) {
	m := New[string, string](4, nil)
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Fatalf("recovered %v", p)
			}
		}()
		m.Get("k", func(string) string { panic("boom") })
	}()
	if got := m.Get("k", strings.ToUpper); got != "K" {
		t.Errorf("after a panic: %q, want a new computation's K", got)
	}
}
