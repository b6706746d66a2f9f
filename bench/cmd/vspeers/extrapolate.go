package main

import (
	"fmt"
	"time"
)

// printExtrapolation sets kubectl-validate, timed on small trees only,
// beside kval on the largest tree: its start-up is its one-file run, each
// further file costs what its largest tree's run cost per file beyond
// start-up, and the ratio is of throughputs at kval's largest size.
func printExtrapolation(rows []row) {
	one, okOne := find(rows, 1, 0, kubectlValidate)
	var big, kv row
	for _, r := range rows {
		if r.tool == kubectlValidate && r.files > big.files {
			big = r
		}
		if r.tool == kval && r.files > kv.files {
			kv = r
		}
	}
	if !okOne || big.files <= 1 || kv.files <= big.files {
		return
	}
	perFile := (big.wall - one.wall) / time.Duration(big.files-1)
	est := one.wall + perFile*time.Duration(kv.files-1)
	fmt.Printf("\nkubectl-validate extrapolated: start-up %s, %s a file beyond it (%d files); %d files ≈ %s, %.0f files/s; kval's %d files: %.1f× its throughput\n",
		one.wall.Round(time.Millisecond), perFile.Round(10*time.Microsecond), big.files, kv.files,
		est.Round(100*time.Millisecond), float64(kv.files)/est.Seconds(), kv.files, est.Seconds()/kv.wall.Seconds())
}
