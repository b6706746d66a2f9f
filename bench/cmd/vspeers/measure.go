package main

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"
)

// toolRun is one tool with a number of workers; 0 is the tool's default.
type toolRun struct {
	tool    string
	workers int
}

// row is one measurement: a run on a tree.
type row struct {
	files int
	toolRun
	wall    time.Duration // median
	cpu     time.Duration // median user+system time: less at the mercy of a shared machine than wall
	peakRSS int64         // KiB, largest of the runs
}

func (r row) filesPerSecond() float64 { return float64(r.files) / r.wall.Seconds() }

// args is the command line that runs a tool on a tree: each tool's
// default output unless extra flags say otherwise, every object checked
// against every schema it has.
func (s *setup) args(r toolRun, tree string, extra ...string) []string {
	var args []string
	switch r.tool {
	case kval:
		args = []string{s.bin[kval], "validate", "--crd", s.crds}
		if r.workers > 0 {
			args = append(args, "-j", strconv.Itoa(r.workers))
		}
	case kubeconform:
		// -n 4 is its default; the CRDs' schemas first, then the built-ins'.
		workers := cmp.Or(r.workers, 4)
		args = []string{s.bin[kubeconform], "-n", strconv.Itoa(workers), "-summary",
			"-schema-location", filepath.Join(s.schemas, "{{.ResourceKind}}_{{.ResourceAPIVersion}}.json"),
			"-schema-location", filepath.Join(s.schemas, builtinSchemaDir, "{{.ResourceKind}}{{.KindSuffix}}.json")}
	default:
		args = []string{s.bin[kubectlValidate], "--local-schemas", s.kvSchemas, "--local-crds", s.kvCRD}
	}
	return append(append(args, extra...), tree)
}

// env is what a tool runs with besides the inherited environment.
func (s *setup) env(tool string) []string {
	if tool == kubectlValidate {
		return []string{"KUBECONFIG=" + s.kubeconfig}
	}
	return nil
}

// compare times the runs on one tree, interleaved (kval, kubeconform,
// kubectl-validate, kval, ..., each worker count in turn within a round) so
// that each sees the same machine.
func (s *setup) compare(tree string, n, rounds int, runs []toolRun) []row {
	if n < 10 {
		rounds *= 5 // start-up: short runs, more of them
	}
	walls := make([][]time.Duration, len(runs))
	cpus := make([][]time.Duration, len(runs))
	peaks := make([]int64, len(runs))
	for range rounds {
		for i, r := range runs {
			wall, cpu, rss := timeRun(s.args(r, tree), s.env(r.tool))
			walls[i] = append(walls[i], wall)
			cpus[i] = append(cpus[i], cpu)
			peaks[i] = max(peaks[i], rss)
		}
	}
	rows := make([]row, len(runs))
	for i, r := range runs {
		rows[i] = row{files: n, toolRun: r, wall: median(walls[i]), cpu: median(cpus[i]), peakRSS: peaks[i]}
	}
	return rows
}

// timeRun runs a command to its end (every tool exits 1 on the invalid
// objects) and returns its wall time, CPU time and peak resident set size.
func timeRun(args, env []string) (wall, cpu time.Duration, rss int64) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	_ = cmd.Run()
	wall = time.Since(start)
	if usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = usage.Maxrss
		cpu = time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
	}
	return wall, cpu, rss
}

func median(d []time.Duration) time.Duration {
	d = slices.Clone(d)
	slices.Sort(d)
	return d[len(d)/2]
}

func printRows(rows []row) {
	fmt.Printf("| files | tool | workers | wall | files/s | CPU | peak RSS | kval's throughput / tool's |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		vs := ""
		if k, ok := find(rows, r.files, r.workers, kval); ok && r.tool != kval {
			vs = fmt.Sprintf("%.2f×", k.filesPerSecond()/r.filesPerSecond())
		}
		fmt.Printf("| %d | %s | %s | %s | %.0f | %s | %d MB | %s |\n", r.files, r.tool, r.workersText(), r.wall.Round(time.Millisecond),
			r.filesPerSecond(), r.cpu.Round(time.Millisecond), r.peakRSS/1024, vs)
	}
}

// workersText is the workers of a row: the tool's default when 0;
// kubectl-validate has none.
func (r row) workersText() string {
	switch {
	case r.tool == kubectlValidate:
		return "-"
	case r.workers == 0:
		return "default"
	}
	return strconv.Itoa(r.workers)
}

// find is the row of a tool on files at workers; kubectl-validate, which
// has no workers, at any.
func find(rows []row, files, workers int, tool string) (row, bool) {
	for _, r := range rows {
		if r.files == files && r.tool == tool && (r.workers == workers || tool == kubectlValidate) {
			return r, true
		}
	}
	return row{}, false
}
