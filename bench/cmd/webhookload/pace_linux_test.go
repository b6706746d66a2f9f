package main

import (
	"testing"
	"time"
)

// TestLinuxPacesWithATimerfd: on Linux the slots come from a timerfd (the
// fallback's time.Sleep wakes up to a millisecond late).
func TestLinuxPacesWithATimerfd(t *testing.T) {
	pace, _ := startSlots(time.Millisecond)
	defer pace.stop()
	if _, ok := pace.(*timerSlots); !ok {
		t.Fatalf("paced by %T", pace)
	}
}
