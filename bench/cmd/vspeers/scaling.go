package main

import (
	"fmt"
	"time"
)

// printScaling sets kval beside kubeconform at equal worker counts (-jobs):
// the ratios kval / kubeconform of their median wall times and of their
// median CPU times (user plus system), and each tool's speed-up over its
// run with the fewest workers on the same tree. Below 1 kval is faster, or
// spends less CPU.
func printScaling(rows []row) {
	var lines []string
	for _, k := range rows {
		c, ok := find(rows, k.files, k.workers, kubeconform)
		if k.tool != kval || k.workers == 0 || !ok {
			continue
		}
		lines = append(lines, fmt.Sprintf("| %d | %d | %s | %s | %.2f× | %s | %s | %.2f× | %.2f× | %.2f× |",
			k.files, k.workers, k.wall.Round(time.Millisecond), c.wall.Round(time.Millisecond), ratio(k.wall, c.wall),
			k.cpu.Round(time.Millisecond), c.cpu.Round(time.Millisecond), ratio(k.cpu, c.cpu),
			speedUp(rows, k), speedUp(rows, c)))
	}
	if len(lines) == 0 {
		return
	}
	fmt.Printf("\nkval -j N against kubeconform -n N (ratios kval / kubeconform; speed-up: wall time at the fewest workers / at N)\n\n")
	fmt.Println("| files | workers | kval wall | kubeconform wall | wall ratio | kval CPU | kubeconform CPU | CPU ratio | kval speed-up | kubeconform speed-up |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, l := range lines {
		fmt.Println(l)
	}
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

// speedUp is the wall time of r's tool on r's tree at its fewest workers
// over r's.
func speedUp(rows []row, r row) float64 {
	first := r
	for _, o := range rows {
		if o.files == r.files && o.tool == r.tool && o.workers > 0 && o.workers < first.workers {
			first = o
		}
	}
	return ratio(first.wall, r.wall)
}
