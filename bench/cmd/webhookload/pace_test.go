package main

import (
	"errors"
	"testing"
	"time"
)

// TestSlotsCatchUp: a client that falls behind (here, asleep for 30
// slots) gets the slots that came due meanwhile at once, not one an
// interval, so that hold sends them all, each counted from its own slot.
func TestSlotsCatchUp(t *testing.T) {
	for name, start := range map[string]func(time.Duration) (slots, time.Time){
		"startSlots": startSlots,
		"sleep":      startSleepSlots,
	} {
		t.Run(name, func(t *testing.T) {
			const interval = 10 * time.Millisecond
			pace, _ := start(interval)
			defer pace.stop()
			time.Sleep(30 * interval)
			caughtUp := time.Now().Add(10 * interval)
			seen := 0
			for seen < 29 && time.Now().Before(caughtUp) {
				n, err := pace.wait()
				if err != nil || n < 1 {
					t.Fatalf("wait: %d slots, %v", n, err)
				}
				seen += n
			}
			if seen < 29 {
				t.Errorf("%d slots within 10 intervals after 30 asleep; want 29 or more", seen)
			}
		})
	}
}

func startSleepSlots(interval time.Duration) (slots, time.Time) {
	start := time.Now()
	return &sleepSlots{interval: interval, start: start}, start
}

// TestHoldSendsEverySlot: a hold of 20/s for 250 ms sends 5 requests,
// each answered and timed.
func TestHoldSendsEverySlot(t *testing.T) {
	srv := startAnsweringServer(t, 100, 0)
	client := newClient(clientOptions{})
	defer client.CloseIdleConnections()
	r := hold(client, srv.URL, nil, 20, 250*time.Millisecond)
	if len(r.latencies) != 5 || len(r.lateness) != 5 || r.errors != 0 {
		t.Errorf("%d latencies, %d latenesses, %d errors; want 5, 5 and 0", len(r.latencies), len(r.lateness), r.errors)
	}
}

// TestAFailingPaceCountsTheRestAsErrors: when the slots fail midway (a
// timerfd read error), the requests not sent are counted as errors, so
// the hold cannot pass for one that held its rate.
func TestAFailingPaceCountsTheRestAsErrors(t *testing.T) {
	srv := startAnsweringServer(t, 100, 0)
	client := newClient(clientOptions{})
	defer client.CloseIdleConnections()
	defer func(start func(time.Duration) (slots, time.Time)) { startPace = start }(startPace)
	startPace = func(interval time.Duration) (slots, time.Time) {
		return &failingSlots{left: 2}, time.Now()
	}
	r := hold(client, srv.URL, nil, 20, 250*time.Millisecond)
	if len(r.latencies) != 2 || r.errors != 3 || r.failures["not sent: slots failed"] != 3 {
		t.Errorf("%d latencies, %d errors (%v); want 2 sent and 3 errors, not sent", len(r.latencies), r.errors, r.failures)
	}
}

// failingSlots gives left slots at once, then fails.
type failingSlots struct{ left int }

func (s *failingSlots) wait() (int, error) {
	if s.left == 0 {
		return 0, errors.New("slots failed")
	}
	s.left--
	return 1, nil
}

func (s *failingSlots) stop() {}
