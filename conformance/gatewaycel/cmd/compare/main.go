// Command compare times Gateway API's CEL suite (package
// conformance/gatewaycel/cel) on kvaltest and on envtest, both channels,
// and prints the figures side by side:
//
//	go run ./conformance/gatewaycel/cmd/compare [-n 3]
//
// Each run is a separate `go test -count=1 -json` process, as a developer
// runs the suite; the four configurations are interleaved, round by round
// with a rotated order, so that load from other processes on a shared
// machine falls on all of them alike, and the medians are printed. A
// warm-up round first builds the test binaries and kube-apiserver, so the
// timed runs measure running, not compiling. Every run must pass every
// case, and each channel's two backends must run the same cases: otherwise
// compare exits 1.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

// pkg is the suite, named by import path so compare runs from anywhere in
// the workspace.
const pkg = "github.com/kval-dev/kval/conformance/gatewaycel/cel"

// config is one way of running the suite.
type config struct {
	channel, backend string
	tags             string // go test -tags
}

var configs = []config{
	{"standard", "kvaltest", ""},
	{"standard", "envtest", "envtest"},
	{"experimental", "kvaltest", "experimental"},
	{"experimental", "envtest", "envtest,experimental"},
}

func main() {
	n := flag.Int("n", 3, "timed runs of each configuration")
	flag.Parse()
	if *n < 1 {
		fmt.Fprintln(os.Stderr, "compare: -n must be at least 1")
		os.Exit(2)
	}
	if err := compare(*n); err != nil {
		fmt.Fprintln(os.Stderr, "compare:", err)
		os.Exit(1)
	}
}

func compare(n int) error {
	fmt.Fprintln(os.Stderr, "warm-up: building the test binaries and kube-apiserver")
	for _, c := range configs {
		if _, err := runSuite(c, "^$"); err != nil {
			return err
		}
	}
	runs := make([][]result, len(configs))
	for round := 0; round < n; round++ {
		for k := range configs {
			i := (round + k) % len(configs)
			r, err := runSuite(configs[i], "")
			if err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "round %d: %-12s %-8s wall %6s  tests %6s  %d passed\n", round+1,
				configs[i].channel, configs[i].backend, r.wall.Round(time.Millisecond), r.tests.Round(time.Millisecond), len(r.passed))
			runs[i] = append(runs[i], r)
		}
	}
	if err := sameCases(runs); err != nil {
		return err
	}
	report(os.Stdout, runs, n)
	return nil
}
