package main

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestJobsAxis: -jobs runs kval and kubeconform at each worker count, with
// -j N and -n N, and kubectl-validate, which has no workers, once a round.
func TestJobsAxis(t *testing.T) {
	p, err := makePlan("10", "10", "kval,kubeconform,kubectl-validate", "1,2")
	if err != nil {
		t.Fatal(err)
	}
	want := []toolRun{{kval, 1}, {kubeconform, 1}, {kubectlValidate, 1}, {kval, 2}, {kubeconform, 2}}
	if got := p.runsFor(10); !reflect.DeepEqual(got, want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	s := &setup{bin: map[string]string{kval: "kval", kubeconform: "kubeconform"}}
	if args := s.args(toolRun{kval, 2}, "tree"); !slices.Contains(args, "-j") || args[slices.Index(args, "-j")+1] != "2" {
		t.Errorf("kval at 2 workers: %q", args)
	}
	if args := s.args(toolRun{kubeconform, 2}, "tree"); args[slices.Index(args, "-n")+1] != "2" {
		t.Errorf("kubeconform at 2 workers: %q", args)
	}
	if args := s.args(toolRun{kubeconform, 0}, "tree"); args[slices.Index(args, "-n")+1] != "4" {
		t.Errorf("kubeconform by default: %q", args)
	}
}

// TestNoJobsAxis: without -jobs each tool runs once a round, at its default.
func TestNoJobsAxis(t *testing.T) {
	p, err := makePlan("10", "1", "kval,kubeconform", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []toolRun{{kval, 0}, {kubeconform, 0}}
	if got := p.runsFor(10); !reflect.DeepEqual(got, want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	if _, err := makePlan("10", "1", "kval", "1,0"); err == nil {
		t.Error("-jobs 1,0 accepted")
	}
}

// TestSpeedUp: a tool's speed-up is over its own run with the fewest
// workers on the same tree.
func TestSpeedUp(t *testing.T) {
	rows := []row{
		{files: 10, toolRun: toolRun{kval, 1}, wall: 4e9},
		{files: 10, toolRun: toolRun{kval, 2}, wall: 2e9},
		{files: 10, toolRun: toolRun{kubeconform, 2}, wall: 1e9},
	}
	if got := speedUp(rows, rows[1]); got != 2 {
		t.Errorf("kval at 2: %.2f, want 2", got)
	}
	if got := speedUp(rows, rows[2]); got != 1 {
		t.Errorf("kubeconform at 2, its fewest: %.2f, want 1", got)
	}
}

// TestPrebuiltNeedsWhatABuildLeaves: -prebuilt builds nothing and says
// which file an earlier run should have left in the work directory.
func TestPrebuiltNeedsWhatABuildLeaves(t *testing.T) {
	work := t.TempDir()
	s := &setup{work: work, bin: map[string]string{}, schemas: filepath.Join(work, "kubeconform-schemas")}
	err := s.usePrebuilt([]string{kval, kubeconform})
	if err == nil || !strings.Contains(err.Error(), "kubeconform-schemas") {
		t.Fatalf("no schemas: %v", err)
	}
	for _, name := range []string{kval, kubeconform, "kubeconform-schemas"} {
		if err := os.WriteFile(filepath.Join(work, name), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.usePrebuilt([]string{kval, kubeconform}); err != nil {
		t.Fatalf("all there: %v", err)
	}
	if s.bin[kubeconform] != filepath.Join(work, kubeconform) {
		t.Errorf("kubeconform at %q", s.bin[kubeconform])
	}
	if err := s.usePrebuilt([]string{kval, kubectlValidate}); err == nil {
		t.Error("kubectl-validate accepted without its schemas")
	}
}
