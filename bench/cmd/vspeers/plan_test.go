package main

import (
	"reflect"
	"slices"
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
