// Command ratio summarises side-by-side benchmarks: it reads `go test -bench
// -benchmem` output on stdin and, for every benchmark with ".../kval" and
// ".../upstream" variants, prints the kval/upstream ratios of ns/op and
// allocs/op, then their geometric means.
//
//	go test -run '^$' -bench . -benchmem ./bench/pruning | go run ./bench/cmd/ratio
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// line matches "BenchmarkX/name/kval-2   1000   123 ns/op   45 B/op   6 allocs/op".
var line = regexp.MustCompile(`^(Benchmark\S+)/(kval|upstream)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+[\d.]+ B/op\s+([\d.]+) allocs/op)?`)

type measure struct{ ns, allocs float64 }

func main() {
	pairs := map[string]map[string]measure{}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		m := line.FindStringSubmatch(in.Text())
		if m == nil {
			continue
		}
		ns, _ := strconv.ParseFloat(m[3], 64)
		allocs, _ := strconv.ParseFloat(m[4], 64)
		if pairs[m[1]] == nil {
			pairs[m[1]] = map[string]measure{}
		}
		pairs[m[1]][m[2]] = measure{ns: ns, allocs: allocs}
	}
	names := make([]string, 0, len(pairs))
	for name, p := range pairs {
		if _, ok := p["kval"]; ok {
			if _, ok := p["upstream"]; ok {
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	var logTime, logAllocs float64
	var allocPairs int
	fmt.Printf("%-70s %12s %12s %8s %8s\n", "benchmark", "kval ns/op", "upstream", "time", "allocs")
	for _, name := range names {
		k, u := pairs[name]["kval"], pairs[name]["upstream"]
		t := k.ns / u.ns
		logTime += math.Log(t)
		a := "-"
		if u.allocs > 0 {
			ratio := math.Max(k.allocs, 0.5) / u.allocs // a zero-alloc kval counts as half an alloc
			logAllocs += math.Log(ratio)
			allocPairs++
			a = fmt.Sprintf("%.2f", ratio)
		}
		fmt.Printf("%-70s %12.0f %12.0f %8.2f %8s\n", strings.TrimPrefix(name, "Benchmark"), k.ns, u.ns, t, a)
	}
	if len(names) == 0 {
		fmt.Println("no kval/upstream benchmark pairs found")
		os.Exit(1)
	}
	fmt.Printf("\ngeometric mean of kval/upstream over %d benchmarks: time %.3f", len(names), math.Exp(logTime/float64(len(names))))
	if allocPairs > 0 {
		fmt.Printf(", allocs %.3f", math.Exp(logAllocs/float64(allocPairs)))
	}
	fmt.Println()
}
