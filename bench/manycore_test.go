package bench

import (
	"os"
	"os/exec"
	"regexp"
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

// TestManycoreUsageNamesEveryVerb: the usage line is what a user of the
// lent machine reads, so a verb added to the script's case must be in it.
func TestManycoreUsageNamesEveryVerb(t *testing.T) {
	script, err := os.ReadFile("manycore.sh")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command("bash", "manycore.sh").CombinedOutput()
	verbs := regexp.MustCompile(`(?m)^([a-z]+)\)`).FindAllStringSubmatch(string(script), -1)
	if len(verbs) < 4 {
		t.Fatalf("found %d verbs in manycore.sh's case, want at least build, run, webhook, pinned", len(verbs))
	}
	for _, v := range verbs {
		if !strings.Contains(string(out), "| "+v[1]+" ") && !strings.Contains(string(out), "usage: manycore.sh "+v[1]+" ") {
			t.Errorf("usage does not name the verb %q:\n%s", v[1], out)
		}
	}
}
