package cli

import (
	"sync"
	"sync/atomic"
	"time"
)

// bounds limits what orderedMap holds in flight (read but not yet
// consumed): at most items items and, by size, about bytes bytes; one item
// is always let in, however large. A wide window keeps both cores busy
// while an object waits for its CRD's first lint and compilation (tens of
// milliseconds), and the byte bound keeps memory flat when the documents
// are large.
type bounds[In any] struct {
	items, bytes int
	size         func(In) int
}

// orderedMap applies work to every item that produce sends, on n goroutines,
// and hands the results to consume in the order the items were produced,
// holding no more in flight than limit allows. A worker sets aside an item
// for which wouldWait (when not nil) says that work would now wait on
// another goroutine, and goes on with the next (see worker.next).
func orderedMap[In, Out any](n int, limit bounds[In], produce func(send func(In)), work func(In) Out, consume func(Out), wouldWait func(In) bool) {
	type done struct {
		seq, size int
		out       Out
	}
	window := newInFlight(limit.items, limit.bytes)
	// Buffered, so that a worker hands over its result and goes on while
	// consume prints: unbuffered, both cores idled whenever the printing
	// goroutine lagged. The window still bounds what is in flight.
	jobs := make(chan job[In], n)
	results := make(chan done, limit.items)

	var workers sync.WaitGroup
	for range n {
		workers.Add(1)
		go func() {
			defer workers.Done()
			w := &worker[In]{jobs: jobs, wouldWait: wouldWait}
			for j, ok := w.next(); ok; j, ok = w.next() {
				results <- done{seq: j.seq, size: j.size, out: work(j.in)}
			}
		}()
	}
	go func() {
		seq := 0
		produce(func(in In) {
			size := limit.size(in)
			window.enter(size)
			jobs <- job[In]{seq: seq, size: size, in: in}
			seq++
		})
		close(jobs)
		workers.Wait()
		close(results)
	}()

	pending := map[int]done{}
	next := 0
	for d := range results {
		pending[d.seq] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			consume(d.out)
			window.leave(d.size)
			next++
		}
	}
}

// job is an item of orderedMap, with its place in the input.
type job[In any] struct {
	seq, size int
	in        In
}

// worker picks the jobs of one of orderedMap's goroutines. Of two workers
// that need the same CRD first, one lints and compiles it (tens to
// hundreds of milliseconds) and the other used to wait for it (issue 30):
// now it sets that item aside and works on the next ones (other kinds,
// built-in objects), and runs it once it would no longer wait. With
// nothing else to do, it waits for whichever comes first: a new job, or
// its jobs set aside becoming ready (checked every asidePoll). The
// ordered output and the window do not change: a job set aside is still
// in flight (the window bounds them), and the output waits for it as for
// any other.
type worker[In any] struct {
	jobs      <-chan job[In]
	wouldWait func(In) bool
	aside     []job[In]
	poll      *time.Timer
}

// asidePoll is how often a worker with nothing else to do looks whether
// its jobs set aside can run.
const asidePoll = time.Millisecond

// next returns the next job to run; false when every job is done.
func (w *worker[In]) next() (job[In], bool) {
	for {
		if j, ok := w.readyAside(); ok {
			return j, true
		}
		j, ok, received := w.receive()
		switch {
		case !received:
			continue
		case !ok && len(w.aside) > 0:
			return w.take(0), true // the last jobs: wait in them
		case !ok:
			return j, false
		case w.wouldWait != nil && w.wouldWait(j.in):
			w.aside = append(w.aside, j)
		default:
			return j, true
		}
	}
}

// readyAside takes the oldest job set aside if it would no longer wait.
// Only the oldest is looked at: asking for each of hundreds of jobs set
// aside before each job cost more than the waits it saves, and the jobs
// set aside mostly wait for the same CRD.
func (w *worker[In]) readyAside() (job[In], bool) {
	if len(w.aside) > 0 && !w.wouldWait(w.aside[0].in) {
		return w.take(0), true
	}
	return job[In]{}, false
}

// receive takes the next job from the queue: waiting for one when nothing
// is set aside, else for at most asidePoll (received is false then).
func (w *worker[In]) receive() (j job[In], ok, received bool) {
	if len(w.aside) == 0 {
		j, ok = <-w.jobs
		return j, ok, true
	}
	if w.poll == nil {
		w.poll = time.NewTimer(asidePoll)
	} else {
		w.poll.Reset(asidePoll)
	}
	select {
	case j, ok = <-w.jobs:
		return j, ok, true
	case <-w.poll.C:
		return j, false, false
	}
}

func (w *worker[In]) take(i int) job[In] {
	j := w.aside[i]
	w.aside = append(w.aside[:i], w.aside[i+1:]...)
	return j
}

// inFlight counts the items and bytes in flight; the producer waits in
// enter until there is room.
type inFlight struct {
	mu                 sync.Mutex
	room               sync.Cond
	items, bytes       int
	maxItems, maxBytes int
}

func newInFlight(maxItems, maxBytes int) *inFlight {
	f := &inFlight{maxItems: maxItems, maxBytes: maxBytes}
	f.room.L = &f.mu
	return f
}

func (f *inFlight) enter(size int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.items > 0 && (f.items >= f.maxItems || f.bytes+size > f.maxBytes) {
		f.room.Wait()
	}
	f.items++
	f.bytes += size
}

func (f *inFlight) leave(size int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.items--
	f.bytes -= size
	f.room.Signal() // only the producer waits
}

// eachIndex calls do(i) for every i below count on up to n goroutines, and
// returns once every call has. The calls share no order: do writes its
// result at i, so what it produces is in index order whatever n. One
// goroutine, or one item, runs on the caller alone.
func eachIndex(n, count int, do func(i int)) {
	n = min(n, count)
	if n <= 1 {
		for i := range count {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var workers sync.WaitGroup
	for range n {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for i := int(next.Add(1) - 1); i < count; i = int(next.Add(1) - 1) {
				do(i)
			}
		}()
	}
	workers.Wait()
}
