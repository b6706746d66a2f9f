package cli

import (
	"os"
	"runtime/debug"
)

// lessGCPercent is the GOGC of kval serve and kval validate unless the
// environment sets one. Their live heap is small (CRDs, compiled
// validators) and each request or object allocates briefly, so collecting
// less often buys CPU time and latency for a few MB of memory.
const lessGCPercent = 400

// collectLessOften sets lessGCPercent unless GOGC is set.
func collectLessOften() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(lessGCPercent)
	}
}
