package hostile

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// referenceFloorMB is kval's floor on the machine the budgets were set on:
// the peak resident memory of `kval validate -` on empty input.
const referenceFloorMB = 60

// acceptanceMB is the peak resident memory no case may pass, wherever it
// runs (the acceptance criteria; docs/limits.md).
const acceptanceMB = 200

// rssBudget is a case's budget on this machine. Machines differ in what a
// process's peak resident memory counts before it reads a byte: the same
// binary validating nothing peaks at 58 MB on a development machine and
// at 111 MB on the project's CI, which counts more of the binary's mapped
// text. The budgets are about what the input costs, so where the floor is
// higher each rises by the difference, up to the acceptance criteria.
func rssBudget(mb int64) int64 {
	return min(mb+max(0, floorMB-referenceFloorMB), max(mb, acceptanceMB))
}

// measureFloor runs kval on empty input and returns its peak resident
// memory.
func measureFloor() (int64, error) {
	cmd := exec.Command(kval, "validate", "-")
	cmd.Dir, cmd.Stdin = work, strings.NewReader("")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("measuring kval's floor: %v\n%s", err, out)
	}
	return peakRSSMB(cmd.ProcessState), nil
}

// TestRSSBudgetRisesWithTheFloor: CI's floor (111 MB) lifts a 100 MB budget
// to 151 MB, never one past the acceptance criteria, and a lower floor
// lowers none.
func TestRSSBudgetRisesWithTheFloor(t *testing.T) {
	defer func(saved int64) { floorMB = saved }(floorMB)
	for _, tc := range []struct{ floor, budget, want int64 }{
		{111, 100, 151}, {111, 180, 200}, {111, 200, 200}, {40, 100, 100}, {60, 130, 130},
	} {
		floorMB = tc.floor
		if got := rssBudget(tc.budget); got != tc.want {
			t.Errorf("floor %d MB: budget %d MB is %d MB, want %d", tc.floor, tc.budget, got, tc.want)
		}
	}
}
