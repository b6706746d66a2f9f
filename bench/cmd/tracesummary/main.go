// Command tracesummary reads a Go execution trace (go test -trace, or
// runtime/trace) and prints, for each class of goroutine (the function it
// starts in, as the trace records its creation), how long its goroutines ran, waited for a P
// (runnable), sat in system calls and were blocked, by reason; then the
// runtime's ranges (GC phases) and a timeline of how many goroutines of
// each class ran, in twenty slices of the run. It is the scheduler view
// behind bench/NOTES.md's analysis of `kval validate -j 2` (issue 30):
//
//	go run ./cmd/tracesummary /tmp/trace-j2.out
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/exp/trace"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tracesummary TRACE")
		os.Exit(2)
	}
	s, err := read(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
	s.print(os.Stdout)
}

// read summarises the trace in file.
func read(file string) (*summary, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := trace.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	s := newSummary()
	for {
		e, err := r.ReadEvent()
		if errors.Is(err, io.EOF) {
			return s, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		s.add(e)
	}
}
