package cli

import (
	"bytes"
	"fmt"
	"testing"
	"time"
)

// TestProgressLine: nothing in the first second, then at most one line per
// interval, erased before any other message and at the end.
func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	clock := time.Unix(0, 0)
	p := &progress{w: &buf, now: func() time.Time { return clock }, start: clock}
	tl := newTally()
	tl.count, tl.Valid = 10, 10
	p.update(tl)
	clock = clock.Add(progressDelay)
	p.update(tl)
	clock = clock.Add(progressInterval / 2)
	p.update(tl) // too soon
	fmt.Fprint(p, "Warning: x\n")
	p.done()
	want := eraseLine + "10 documents: 10 valid, 0 invalid" + eraseLine + "Warning: x\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

func TestNoProgressOffTerminals(t *testing.T) {
	var buf bytes.Buffer
	s := streams{err: &buf}
	if p := newProgress(&s); p != nil || s.err != &buf {
		t.Errorf("progress on a buffer: %v", p)
	}
	p := (*progress)(nil)
	p.update(newTally()) // a run without a terminal calls it anyway
	p.done()
}
