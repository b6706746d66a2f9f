package cli

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// cgroupMemoryFiles hold the container's memory limit: cgroup v2's, then
// v1's.
var cgroupMemoryFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// memoryLimitPercent of the container's limit is given to the Go runtime as
// its soft limit: the rest is for what the runtime does not count (stacks
// of the OS, the binary) so that the kernel never kills kval first.
const memoryLimitPercent = 90

// applyMemoryLimit sets the Go runtime's soft memory limit from the
// container's when GOMEMLIMIT is not set, so that garbage collection
// works harder near the limit instead of the process being killed, and
// returns the limit the request budget is sized from (0: none known).
func applyMemoryLimit(files []string) int64 {
	if os.Getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1) // what GOMEMLIMIT says
	}
	limit := containerMemoryLimit(files)
	if limit > 0 {
		debug.SetMemoryLimit(limit * memoryLimitPercent / 100)
	}
	return limit
}

// containerMemoryLimit reads the first cgroup file that names a limit; 0
// when none does ("max", a file that is not there, v1's "unlimited" of
// nearly 2^63).
func containerMemoryLimit(files []string) int64 {
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
		if err == nil && n > 0 && n < 1<<50 {
			return n
		}
	}
	return 0
}
