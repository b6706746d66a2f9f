package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

func main() {
	sizes := flag.String("sizes", "1,20000,50000", "numbers of files in the trees kval and kubeconform validate")
	kvSizes := flag.String("kubectl-validate-sizes", "1,2000", "the trees kubectl-validate validates too (about 10 ms a file: keep them small)")
	rounds := flag.Int("rounds", 3, "interleaved runs of each tool per measurement")
	tools := flag.String("tools", strings.Join(allTools, ","), "the tools to run")
	work := flag.String("work", "", "directory for binaries, schemas and trees (default: a new temporary directory)")
	flag.Parse()
	if err := run(*sizes, *kvSizes, *tools, *rounds, *work); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(sizeList, kvSizeList, toolList string, rounds int, work string) error {
	plan, err := makePlan(sizeList, kvSizeList, toolList)
	if err != nil {
		return err
	}
	s, err := setUp(work, plan.tools)
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
		rows = append(rows, s.compare(tree, n, rounds, plan.toolsFor(n))...)
		if n > 1 && slices.Contains(plan.toolsFor(n), kubectlValidate) {
			v, err := s.verdicts(tree, plan.toolsFor(n))
			if err != nil {
				return err
			}
			verdicts = append(verdicts, v...)
		}
	}
	printRows(rows)
	printExtrapolation(rows)
	for _, line := range verdicts {
		fmt.Println(line)
	}
	return nil
}

// plan is which tools run on which trees.
type plan struct {
	sizes, kvSizes []int
	tools          []string
}

func makePlan(sizeList, kvSizeList, toolList string) (plan, error) {
	var p plan
	var err error
	if p.sizes, err = parseSizes(sizeList); err != nil {
		return p, err
	}
	if p.kvSizes, err = parseSizes(kvSizeList); err != nil {
		return p, err
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

func parseSizes(list string) ([]int, error) {
	var out []int
	for _, field := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("bad size %q", field)
		}
		out = append(out, n)
	}
	return out, nil
}
