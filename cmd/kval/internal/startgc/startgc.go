package startgc

import (
	"os"
	"runtime/debug"
)

// LessPercent is the collection percent of kval validate and kval serve,
// and of every kval process while it starts, unless the environment sets
// GOGC. Their live heap is small (CRDs, compiled validators) and each
// request or object allocates briefly, so collecting less often buys CPU
// time and latency for a few MB of memory.
const LessPercent = 400

// DefaultPercent is Go's own, which the other commands get back once they
// start (kval gen's live heap, Go packages and their types, is large).
const DefaultPercent = 100

// Set sets the collection percent, unless GOGC is set.
func Set(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}
