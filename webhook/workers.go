package webhook

import "runtime"

// workers runs functions on long-lived goroutines. A goroutine started
// for one request begins with a small stack and grows it, by copying it
// whole each time it doubles, through the review's decoding and the
// engine's recursion: 12% of kval serve's CPU at 1,000 requests/s (issue
// 30). A worker keeps the stack it grew for the next request (until the
// collector shrinks an idle one). A function finds an idle worker or
// starts one: nothing queues, so a stuck request holds up no other.
type workers struct {
	idle chan chan func()
}

// maxIdleWorkers bounds the goroutines kept parked between requests;
// each request uses one (its handler waits on net/http's own).
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
