package main

import "time"

// slots paces an open-loop client: slot i is due at start + (i+1) *
// interval, and wait returns when at least one more slot is due, with how
// many are.
//
// Latencies count from the slot, so the client's own lateness in waking
// up counts as the server's. Go's timers cannot wake an idle process
// sooner than the whole millisecond its netpoller waits in (epoll_wait
// takes milliseconds): time.Sleep to each slot woke 0.55 ms late at the
// median and 1.1 ms at the 99th percentile at 800/s, which put every
// server near the 2 ms line on an idle client. On Linux the slots come
// from a timerfd read through the netpoller instead, which wakes it at the
// expiry (56 µs late at the median, 0.18 ms at the 99th percentile).
type slots interface {
	wait() (ready int, err error)
	stop()
}

// startPace is how hold starts its slots (a test fails them).
var startPace = startSlots

// startSlots starts the slots of interval from now; start is the time
// slot 0 counts from. It falls back to time.Sleep where no timerfd is.
func startSlots(interval time.Duration) (slots, time.Time) {
	start := time.Now()
	if s, err := startTimerSlots(interval); err == nil {
		return s, start
	}
	return &sleepSlots{interval: interval, start: start}, start
}

// due is when slot i of interval from start is due.
func due(start time.Time, interval time.Duration, i int) time.Time {
	return start.Add(time.Duration(i+1) * interval)
}

// sleepSlots paces with time.Sleep, to the netpoller's millisecond.
type sleepSlots struct {
	interval time.Duration
	start    time.Time
	next     int
}

func (s *sleepSlots) wait() (int, error) {
	time.Sleep(time.Until(due(s.start, s.interval, s.next)))
	s.next++
	return 1, nil
}

func (s *sleepSlots) stop() {}
