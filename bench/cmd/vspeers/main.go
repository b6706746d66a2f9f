package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/kval-dev/kval/bench/internal/intlist"
)

func main() {
	sizes := flag.String("sizes", "1,20000,50000", "numbers of files in the trees kval and kubeconform validate")
	kvSizes := flag.String("kubectl-validate-sizes", "1,2000", "the trees kubectl-validate validates too (about 10 ms a file: keep them small)")
	rounds := flag.Int("rounds", 3, "interleaved runs of each tool per measurement")
	tools := flag.String("tools", strings.Join(allTools, ","), "the tools to run")
	work := flag.String("work", "", "directory for binaries, schemas and trees (default: a new temporary directory)")
	jobs := flag.String("jobs", "", "worker counts, e.g. 1,2,4: kval -j N against kubeconform -n N at each, with the ratios of their wall and CPU times (default: kval's default -j, kubeconform's -n 4)")
	prebuilt := flag.Bool("prebuilt", false, "build nothing: take kval, kubeconform and kubeconform's schemas from -work as an earlier run left them (for a machine without Go)")
	flag.Parse()
	if err := run(*sizes, *kvSizes, *tools, *jobs, *rounds, *work, *prebuilt); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(sizeList, kvSizeList, toolList, jobList string, rounds int, work string, prebuilt bool) error {
	plan, err := makePlan(sizeList, kvSizeList, toolList, jobList)
	if err != nil {
		return err
	}
	s, err := setUp(work, plan.tools, prebuilt)
	if err != nil {
		return err
	}
	fmt.Printf("work directory %s; %d Gateway API and %d built-in objects\n\n", s.work, len(s.gateway), len(s.builtin))
	var rows []row
	var verdicts []string
	for _, n := range plan.sizes {
		if len(plan.toolsFor(n)) == 0 {
			continue
		}
		tree, err := s.tree(n)
		if err != nil {
			return err
		}
		rows = append(rows, s.compare(tree, n, rounds, plan.runsFor(n))...)
		if n > 1 && slices.Contains(plan.toolsFor(n), kubectlValidate) {
			v, err := s.verdicts(tree, plan.toolsFor(n))
			if err != nil {
				return err
			}
			verdicts = append(verdicts, v...)
		}
	}
	printRows(rows)
	printScaling(rows)
	printExtrapolation(rows)
	for _, line := range verdicts {
		fmt.Println(line)
	}
	return nil
}

// plan is which tools run on which trees, with how many workers.
type plan struct {
	sizes, kvSizes []int
	tools          []string
	jobs           []int // worker counts; none: each tool's default
}

func makePlan(sizeList, kvSizeList, toolList, jobList string) (plan, error) {
	var p plan
	var err error
	if p.sizes, err = intlist.Parse(sizeList, "size"); err != nil {
		return p, err
	}
	if p.kvSizes, err = intlist.Parse(kvSizeList, "size"); err != nil {
		return p, err
	}
	if jobList != "" {
		if p.jobs, err = intlist.Parse(jobList, "size"); err != nil {
			return p, fmt.Errorf("-jobs: %w", err)
		}
	}
	for _, t := range strings.Split(toolList, ",") {
		t = strings.TrimSpace(t)
		if !slices.Contains(allTools, t) {
			return p, fmt.Errorf("unknown tool %q (known: %s)", t, strings.Join(allTools, ", "))
		}
		p.tools = append(p.tools, t)
	}
	if slices.Contains(p.tools, kubectlValidate) {
		p.sizes = append(p.sizes, p.kvSizes...)
	}
	slices.Sort(p.sizes)
	p.sizes = slices.Compact(p.sizes)
	return p, nil
}

// toolsFor says which of the chosen tools run on a tree of n files:
// kubectl-validate only on its own (small) sizes.
func (p plan) toolsFor(n int) []string {
	var out []string
	for _, t := range p.tools {
		if t != kubectlValidate || slices.Contains(p.kvSizes, n) {
			out = append(out, t)
		}
	}
	return out
}

// runsFor is the runs of one round on a tree of n files: each tool at each
// worker count; kubectl-validate, which has no workers, once.
func (p plan) runsFor(n int) []toolRun {
	jobs := p.jobs
	if len(jobs) == 0 {
		jobs = []int{0}
	}
	var out []toolRun
	for _, w := range jobs {
		for _, t := range p.toolsFor(n) {
			if t != kubectlValidate || w == jobs[0] {
				out = append(out, toolRun{tool: t, workers: w})
			}
		}
	}
	return out
}
