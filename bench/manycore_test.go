package bench

import (
	"os/exec"
	"strings"
	"testing"
)

// TestManycoreScriptParsesAndRefusesNoVerb: bench/manycore.sh runs on a
// lent machine where a mistake costs its time, so it must at least parse,
// and without a verb print its usage and exit 2.
func TestManycoreScriptParsesAndRefusesNoVerb(t *testing.T) {
	if out, err := exec.Command("bash", "-n", "manycore.sh").CombinedOutput(); err != nil {
		t.Fatalf("bash -n manycore.sh: %v\n%s", err, out)
	}
	out, err := exec.Command("bash", "manycore.sh").CombinedOutput()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 || !strings.Contains(string(out), "usage: ") {
		t.Errorf("manycore.sh without a verb: %v\n%s", err, out)
	}
}
