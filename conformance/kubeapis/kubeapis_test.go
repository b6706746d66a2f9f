package kubeapis

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// defaultPackages are the packages the default run calls (every package
// is generated and compared by name either way): the core group and the
// groups with the most rules, options, modes and in-place packages.
var defaultPackages = []string{"/core/v1", "/apps/v1", "/batch/v1", "/resource/v1", "/flowcontrol/v1", "/scheduling/v1alpha3",
	"/rbac/v1", "/storage/v1", "/admissionregistration/v1", "/certificates/v1", "/meta/v1/validation", "/extensions/v1beta1"}

// selected reports whether the run calls a package's functions.
func selected(pkg string) bool {
	if os.Getenv("KVAL_KUBEAPIS") == "all" {
		return true
	}
	return slices.ContainsFunc(defaultPackages, func(s string) bool { return strings.HasSuffix(pkg, s) })
}

// randomPerFunction is the number of random objects per function.
func randomPerFunction() string {
	if n := os.Getenv("KVAL_KUBEAPIS_N"); n != "" {
		return n
	}
	return "24"
}

// TestKubernetesAPIsMatchUpstream generates every package Kubernetes
// generates validation for, in two releases, with kval from the packages
// as written, and compares kval's functions with upstream's committed ones
// on the same objects.
func TestKubernetesAPIsMatchUpstream(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two copies of Kubernetes' API packages")
	}
	useTreeEnv(t)
	for _, r := range releases {
		t.Run(r.name, func(t *testing.T) { compareRelease(t, r) })
	}
}

func compareRelease(t *testing.T, r release) {
	start := time.Now()
	tr := buildTrees(t, r, t.TempDir())
	problems, written := generateKval(t, r, tr)
	t.Logf("trees written and kval gen run in %s", time.Since(start).Round(time.Second))
	for _, p := range problems {
		t.Errorf("kval gen: %s", p)
	}
	for _, p := range tr.pkgs {
		if !slices.Contains(written, p.path) {
			t.Errorf("kval did not generate %s", p.path)
		}
	}
	p := makePlan(t, tr)
	if r.noCalls != "" {
		t.Logf("Kubernetes %s: %d packages generated, functions and registrations compared by name; not called: %s", r.name, len(tr.pkgs), r.noCalls)
		return
	}
	writeDriver(t, tr.up, p, r)
	writeDriver(t, tr.kv, p, r)
	out := t.TempDir()
	src := r.sources(t)
	args := []string{"-n", randomPerFunction(), "-fixtures", filepath.Join(src.api, "testdata", "HEAD")}
	runDriver(t, tr.up, filepath.Join(out, "up.txt"), args...)
	runDriver(t, tr.kv, filepath.Join(out, "kv.txt"), args...)
	t.Logf("drivers built and run in %s", time.Since(start).Round(time.Second))
	tl := compareOutputs(t, filepath.Join(out, "up.txt"), filepath.Join(out, "kv.txt"))
	report(t, r, tr, p, tl)
}

// report logs the figures and fails on differences.
func report(t *testing.T, r release, tr *trees, p *plan, tl *tally) {
	t.Logf("Kubernetes %s: %d packages generated, %d functions called, %d cases, %d upstream errors, %d cases in another map order, %d differences",
		r.name, len(tr.pkgs), len(tl.byFunction), tl.cases, tl.errors, tl.mapOrder, len(tl.differences))
	for i, d := range tl.differences {
		if i == 20 {
			t.Errorf("... and %d more differences", len(tl.differences)-20)
			break
		}
		t.Errorf("difference: %s", d)
	}
	if tl.cases < minCases {
		t.Errorf("%d cases compared, want at least %d", tl.cases, minCases)
	}
}

// minCases is the floor of a release's run, so that a broken driver cannot
// pass by comparing nothing.
const minCases = 20000
