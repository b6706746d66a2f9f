package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"time"
)

// row is one measurement: a tool on a tree.
type row struct {
	files   int
	tool    string
	wall    time.Duration // median
	cpu     time.Duration // median user+system time: less at the mercy of a shared machine than wall
	peakRSS int64         // KiB, largest of the runs
}

func (r row) filesPerSecond() float64 { return float64(r.files) / r.wall.Seconds() }

// args is the command line that runs a tool on a tree: each tool's
// default output unless extra flags say otherwise, every object checked
// against every schema it has.
func (s *setup) args(tool, tree string, extra ...string) []string {
	var args []string
	switch tool {
	case kval:
		args = []string{s.bin[kval], "validate", "--crd", s.crds}
	case kubeconform:
		// -n 4 is its default; the CRDs' schemas first, then the built-ins'.
		args = []string{s.bin[kubeconform], "-n", "4", "-summary",
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

// compare times the tools on one tree, interleaved (kval, kubeconform,
// kubectl-validate, kval, ...) so that each sees the same machine.
func (s *setup) compare(tree string, n, rounds int, tools []string) []row {
	if n < 10 {
		rounds *= 5 // start-up: short runs, more of them
	}
	walls := make([][]time.Duration, len(tools))
	cpus := make([][]time.Duration, len(tools))
	peaks := make([]int64, len(tools))
	for range rounds {
		for i, t := range tools {
			wall, cpu, rss := timeRun(s.args(t, tree), s.env(t))
			walls[i] = append(walls[i], wall)
			cpus[i] = append(cpus[i], cpu)
			peaks[i] = max(peaks[i], rss)
		}
	}
	rows := make([]row, len(tools))
	for i, t := range tools {
		rows[i] = row{files: n, tool: t, wall: median(walls[i]), cpu: median(cpus[i]), peakRSS: peaks[i]}
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
	fmt.Printf("| files | tool | wall | files/s | CPU | peak RSS | kval's throughput / tool's |\n")
	fmt.Printf("|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		vs := ""
		if k, ok := find(rows, r.files, kval); ok && r.tool != kval {
			vs = fmt.Sprintf("%.2f×", k.filesPerSecond()/r.filesPerSecond())
		}
		fmt.Printf("| %d | %s | %s | %.0f | %s | %d MB | %s |\n", r.files, r.tool, r.wall.Round(time.Millisecond),
			r.filesPerSecond(), r.cpu.Round(time.Millisecond), r.peakRSS/1024, vs)
	}
}

func find(rows []row, files int, tool string) (row, bool) {
	for _, r := range rows {
		if r.files == files && r.tool == tool {
			return r, true
		}
	}
	return row{}, false
}
