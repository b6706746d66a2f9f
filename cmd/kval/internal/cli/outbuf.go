package cli

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// outputBuffer is stdout buffered for a run that prints a line per object
// (kval validate): unbuffered, each line was a system call of its own. It
// flushes when it was last flushed longer than outputFlushInterval ago,
// so that a pipe's reader still sees lines as they come, and before
// anything is written to stderr (see bufferOutput), so that 2>&1 keeps the
// two streams' order.
type outputBuffer struct {
	mu        sync.Mutex
	w         *bufio.Writer
	lastFlush time.Time
}

const outputFlushInterval = 100 * time.Millisecond

// bufferOutput buffers s's stdout, unless it is a terminal (someone reads
// it line by line), and makes s's stderr flush it before every write. The
// returned function flushes what is left; call it before the command
// returns.
func bufferOutput(s *streams) (flush func()) {
	if isTerminal(s.out) {
		return func() {}
	}
	b := &outputBuffer{w: bufio.NewWriterSize(s.out, 64<<10), lastFlush: time.Now()}
	s.out = b
	s.err = &flushFirst{w: s.err, out: b}
	return b.flush
}

func (b *outputBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.w.Write(p)
	if err == nil && time.Since(b.lastFlush) > outputFlushInterval {
		err = b.flushLocked()
	}
	return n, err
}

func (b *outputBuffer) flush() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.flushLocked()
}

func (b *outputBuffer) flushLocked() error {
	b.lastFlush = time.Now()
	return b.w.Flush()
}

// flushFirst is stderr that flushes the buffered stdout before each write.
type flushFirst struct {
	w   io.Writer
	out *outputBuffer
}

func (f *flushFirst) Write(p []byte) (int, error) {
	f.out.flush()
	return f.w.Write(p)
}
