package webhook

import "runtime"

// workers runs functions on long-lived goroutines. A goroutine started
// for one request (net/http's for the handler, within's for the work)
// begins with a small stack and grows it, by copying it whole each time
// it doubles, through the review's decoding and the engine's recursion:
// 12% of kval serve's CPU at 1,000 requests/s (issue 30). A worker keeps
// the stack it grew for the next request (until the collector shrinks an
// idle one). A function finds an idle worker or starts one: nothing
// queues, so a stuck request holds up no other.
type workers struct {
	idle chan chan func()
}

// maxIdleWorkers bounds the goroutines kept parked between requests;
// each request uses two at a time (its handler's and its work's).
var maxIdleWorkers = max(16, 8*runtime.GOMAXPROCS(0))

// pool is shared by every Server of the process.
var pool = &workers{idle: make(chan chan func(), maxIdleWorkers)}

// start runs f on a worker and returns at once.
func (w *workers) start(f func()) {
	select {
	case tasks := <-w.idle:
		tasks <- f
	default:
		go w.loop(f)
	}
}

func (w *workers) loop(f func()) {
	tasks := make(chan func())
	for {
		f()
		select {
		case w.idle <- tasks:
		default:
			return // enough are idle
		}
		f = <-tasks
	}
}

// do runs f on a worker and waits for it. A panic in f is raised again
// on the caller's goroutine, where the server's recovery counts it and
// answers 500, as if f had run there.
func (w *workers) do(f func()) {
	done := make(chan any, 1)
	w.start(func() {
		defer func() { done <- recover() }()
		f()
	})
	if p := <-done; p != nil {
		panic(p)
	}
}
