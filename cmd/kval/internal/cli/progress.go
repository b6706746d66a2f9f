package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// progress shows how far a long run is, on stderr when it is a terminal:
// one line rewritten in place from a second into the run, at most five
// times a second, erased before any other message and at the end. Logs
// and pipes never see it.
type progress struct {
	mu          sync.Mutex
	w           io.Writer
	now         func() time.Time
	start, last time.Time
	shown       bool
}

const (
	progressDelay    = time.Second
	progressInterval = 200 * time.Millisecond
	// eraseLine moves to the start of the line and clears it.
	eraseLine = "\r\033[K"
)

// newProgress returns the progress line of a run whose stderr is a
// terminal, and makes s.err erase it before every write; nil otherwise
// (its methods do nothing then).
func newProgress(s *streams) *progress {
	if !isTerminal(s.err) {
		return nil
	}
	p := &progress{w: s.err, now: time.Now}
	p.start = p.now()
	s.err = p
	return p
}

func isTerminal(w io.Writer) bool {
	if ff, ok := w.(*flushFirst); ok {
		w = ff.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Write erases the progress line, then writes b.
func (p *progress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	return p.w.Write(b)
}

// update shows the counts so far, when it is time to.
func (p *progress) update(t *tally) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if now.Sub(p.start) < progressDelay || now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	fmt.Fprintf(p.w, "%s%d documents: %s", eraseLine, t.count, t.line())
	p.shown = true
}

// done erases the line for good.
func (p *progress) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
}

func (p *progress) erase() {
	if p.shown {
		io.WriteString(p.w, eraseLine)
		p.shown = false
	}
}
