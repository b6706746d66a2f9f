// Command vskubeconform times `kval validate` and kubeconform side by side,
// as whole processes on the same files, and prints the ratios. It builds
// kval from this repository and kubeconform v0.8.0 from the Go module
// proxy, converts the corpus's Gateway API CRDs (experimental channel) into
// kubeconform's JSON schemas with kubeconform's own openapi2jsonschema.py
// (python3 with PyYAML), and writes trees of one object per file, 100 files
// a directory, from the corpus's examples and invalid examples with unique
// names. Runs are interleaved (kval, kubeconform, kval, ...) so both see the
// same machine; the median wall time and the largest peak RSS are printed.
//
//	go run ./cmd/vskubeconform [-sizes 1,20000,50000] [-rounds 3] [-work DIR]
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	sizes := flag.String("sizes", "1,5000,20000,50000", "numbers of files in the trees")
	rounds := flag.Int("rounds", 3, "interleaved runs of each tool per measurement")
	work := flag.String("work", "", "directory for binaries, schemas and trees (default: a new temporary directory)")
	flag.Parse()
	if err := run(*sizes, *rounds, *work); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(sizeList string, rounds int, work string) error {
	counts, err := parseSizes(sizeList)
	if err != nil {
		return err
	}
	s, err := setUp(work)
	if err != nil {
		return err
	}
	fmt.Printf("work directory %s; %d objects in the corpus's examples\n\n", s.work, len(s.objects))
	var rows []row
	for _, n := range counts {
		tree, err := s.tree(n)
		if err != nil {
			return err
		}
		rows = append(rows, s.compare(tree, n, rounds)...)
	}
	printRows(rows)
	return nil
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
