package strategy_test

import (
	"os"
	"strings"
	"testing"

	"github.com/kval-dev/kval/strategy"
)

// TestReleaseIsGoModsKubernetes: Release names the k8s.io/kubernetes whose
// code runs, the version go.mod requires.
func TestReleaseIsGoModsKubernetes(t *testing.T) {
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if want := "k8s.io/kubernetes " + strategy.Release + "\n"; !strings.Contains(string(gomod), want) {
		t.Errorf("go.mod does not require %q", strings.TrimSpace(want))
	}
}
