package strategy_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kval-dev/kval/strategy"
)

// TestReleaseIsGoModsKubernetes: Release names the k8s.io/kubernetes whose
// code runs, the version go.mod requires, and every staging module go.mod
// requires (k8s.io/kube-aggregator's APIService strategy among them) is
// that release's: v0.X.Y for v1.X.Y.
func TestReleaseIsGoModsKubernetes(t *testing.T) {
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if want := "k8s.io/kubernetes " + strategy.Release + "\n"; !strings.Contains(string(gomod), want) {
		t.Errorf("go.mod does not require %q", strings.TrimSpace(want))
	}
	staging := "v0" + strings.TrimPrefix(strategy.Release, "v1")
	// Staging modules are the k8s.io modules released as v0.X.Y (klog is
	// v2, kube-openapi and utils are pseudo-versions).
	for _, m := range regexp.MustCompile(`(?m)^\s+(k8s\.io/\S+) (v0\.\d+\.\d+)(?:\s|$)`).FindAllStringSubmatch(string(gomod), -1) {
		if m[2] != staging {
			t.Errorf("go.mod requires %s %s, want %s (the release of k8s.io/kubernetes %s)", m[1], m[2], staging, strategy.Release)
		}
	}
}
