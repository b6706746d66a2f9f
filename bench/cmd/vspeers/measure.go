package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"
)

// tool is one command line to time.
type tool struct {
	name string
	args []string
}

// row is one measurement: a tool on a tree.
type row struct {
	tree    string
	tool    string
	wall    time.Duration // median
	peakRSS int64         // KiB, largest of the runs
	vs      string        // ratio to the reference row, if any
}

// compare times kval (its default -j and -j 1, -j 2 on big trees) and
// kubeconform on one tree, interleaved.
func (s *setup) compare(tree string, n, rounds int) []row {
	kubeconform := tool{"kubeconform -n 4", []string{s.kubeconform, "-n", "4", "-summary",
		"-schema-location", filepath.Join(s.schemas, "{{.ResourceKind}}_{{.ResourceAPIVersion}}.json"), tree}}
	tools := []tool{
		{"kval", []string{s.kval, "validate", "--crd", s.crds, tree}},
		kubeconform,
	}
	if n >= 1000 {
		tools = append(tools,
			tool{"kval -j 1", []string{s.kval, "validate", "-j", "1", "--crd", s.crds, tree}},
			tool{"kval -j 2", []string{s.kval, "validate", "-j", "2", "--crd", s.crds, tree}})
	}
	if n < 10 {
		rounds *= 5 // start-up: short runs, more of them
	}
	walls := make([][]time.Duration, len(tools))
	peaks := make([]int64, len(tools))
	for range rounds {
		for i, t := range tools {
			wall, rss := timeRun(t.args)
			walls[i] = append(walls[i], wall)
			peaks[i] = max(peaks[i], rss)
		}
	}
	label := fmt.Sprintf("%d files", n)
	rows := make([]row, len(tools))
	for i, t := range tools {
		rows[i] = row{tree: label, tool: t.name, wall: median(walls[i]), peakRSS: peaks[i]}
	}
	rows[0].vs = fmt.Sprintf("%.2f× kubeconform", rows[0].wall.Seconds()/rows[1].wall.Seconds())
	if len(rows) == 4 {
		rows[3].vs = fmt.Sprintf("%.2f× faster than -j 1", rows[2].wall.Seconds()/rows[3].wall.Seconds())
	}
	return rows
}

// timeRun runs a command to its end (both tools exit 1 on the invalid
// examples) and returns its wall time and peak resident set size.
func timeRun(args []string) (time.Duration, int64) {
	cmd := exec.Command(args[0], args[1:]...)
	start := time.Now()
	_ = cmd.Run()
	wall := time.Since(start)
	var rss int64
	if usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = usage.Maxrss
	}
	return wall, rss
}

func median(d []time.Duration) time.Duration {
	d = slices.Clone(d)
	slices.Sort(d)
	return d[len(d)/2]
}

func printRows(rows []row) {
	fmt.Printf("| %-12s | %-18s | %10s | %9s | %s\n", "tree", "tool", "wall", "peak RSS", "")
	fmt.Printf("|--------------|--------------------|------------|-----------|------\n")
	for _, r := range rows {
		fmt.Printf("| %-12s | %-18s | %10s | %6d MB | %s\n", r.tree, r.tool, r.wall.Round(time.Millisecond), r.peakRSS/1024, r.vs)
	}
}
