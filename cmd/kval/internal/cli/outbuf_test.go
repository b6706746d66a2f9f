package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestBufferedOutputKeepsStreamOrder: with stdout and stderr into one
// writer (2>&1), buffering stdout must not reorder the lines.
func TestBufferedOutputKeepsStreamOrder(t *testing.T) {
	var both bytes.Buffer
	s := streams{out: &both, err: &both}
	flush := bufferOutput(&s)
	s.out.Write([]byte("out 1\n"))
	s.err.Write([]byte("err 1\n"))
	s.out.Write([]byte("out 2\n"))
	if got := both.String(); got != "out 1\nerr 1\n" {
		t.Fatalf("before the flush: %q", got)
	}
	flush()
	if got, want := both.String(), "out 1\nerr 1\nout 2\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestBufferedOutputFlushesOverTime: a pipe's reader sees lines within
// outputFlushInterval of the previous flush, not only at the end.
func TestBufferedOutputFlushesOverTime(t *testing.T) {
	var out, errs bytes.Buffer
	s := streams{out: &out, err: &errs}
	defer bufferOutput(&s)()
	s.out.Write([]byte("first\n"))
	if out.Len() != 0 {
		t.Fatalf("written at once: %q", out.String())
	}
	time.Sleep(outputFlushInterval + 10*time.Millisecond)
	s.out.Write([]byte("second\n"))
	if got := out.String(); !strings.HasSuffix(got, "second\n") {
		t.Errorf("not flushed after %v: %q", outputFlushInterval, got)
	}
}

// closedPipe fails every write, as stdout does once its reader is gone.
type closedPipe struct{}

func (closedPipe) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestBufferedOutputReportsAFailedFlush: a flush that fails is the error
// of the write that made it, as an unbuffered write's failure was.
func TestBufferedOutputReportsAFailedFlush(t *testing.T) {
	s := streams{out: closedPipe{}, err: &bytes.Buffer{}}
	bufferOutput(&s)
	s.out.(*outputBuffer).lastFlush = time.Now().Add(-2 * outputFlushInterval)
	if _, err := s.out.Write([]byte("line\n")); err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Errorf("write after the flush interval: %v, want the flush's broken pipe", err)
	}
}
