package cli

import "sync"

// orderedMap applies work to every item that produce sends, on n goroutines,
// and hands the results to consume in the order the items were produced.
// At most window items are in flight (read but not yet consumed), so memory
// stays bounded whatever the input size.
func orderedMap[In, Out any](n, window int, produce func(send func(In)), work func(In) Out, consume func(Out)) {
	type job struct {
		seq int
		in  In
	}
	type done struct {
		seq int
		out Out
	}
	slots := make(chan struct{}, window)
	// Buffered, so that a worker hands over its result and goes on while
	// consume prints: unbuffered, both cores idled whenever the printing
	// goroutine lagged (-j 2 was 1.56× -j 1, 1.65× now). The window still
	// bounds what is in flight.
	jobs := make(chan job, n)
	results := make(chan done, window)

	var workers sync.WaitGroup
	for range n {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for j := range jobs {
				results <- done{seq: j.seq, out: work(j.in)}
			}
		}()
	}
	go func() {
		seq := 0
		produce(func(in In) {
			slots <- struct{}{} // wait for room in the window
			jobs <- job{seq: seq, in: in}
			seq++
		})
		close(jobs)
		workers.Wait()
		close(results)
	}()

	pending := map[int]Out{}
	next := 0
	for d := range results {
		pending[d.seq] = d.out
		for {
			out, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			consume(out)
			<-slots
			next++
		}
	}
}
