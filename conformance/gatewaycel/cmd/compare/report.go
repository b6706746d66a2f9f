package main

import (
	"fmt"
	"io"
	"sort"
	"text/tabwriter"
	"time"
)

// sameCases checks that on each channel both backends ran, and passed, the
// same tests in every run: a backend that silently ran fewer cases would
// otherwise look fast.
func sameCases(runs [][]result) error {
	ref := map[string]map[string]bool{}
	for i, rs := range runs {
		ch := configs[i].channel
		for _, r := range rs {
			if ref[ch] == nil {
				ref[ch] = r.passed
				continue
			}
			if d := diff(ref[ch], r.passed); d != "" {
				return fmt.Errorf("%s/%s ran other cases than the first %s run: %s", ch, configs[i].backend, ch, d)
			}
		}
	}
	return nil
}

// diff names a test in one set and not the other, or is empty.
func diff(a, b map[string]bool) string {
	for t := range a {
		if !b[t] {
			return "missing " + t
		}
	}
	for t := range b {
		if !a[t] {
			return "extra " + t
		}
	}
	return ""
}

// report prints one line per configuration with the medians of its runs.
func report(w io.Writer, runs [][]result, n int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "channel\tbackend\tcases\twall\ttest binary\ttests only\t\n")
	for i, rs := range runs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t\n", configs[i].channel, configs[i].backend, len(rs[0].passed),
			median(rs, func(r result) time.Duration { return r.wall }),
			median(rs, func(r result) time.Duration { return r.pkg }),
			median(rs, func(r result) time.Duration { return r.tests }))
	}
	tw.Flush()
	fmt.Fprintf(w, "medians of %d interleaved go test -count=1 runs; cases are tests and subtests passed\n", n)
}

// median of one figure over runs, rounded for printing.
func median(rs []result, f func(result) time.Duration) time.Duration {
	d := make([]time.Duration, len(rs))
	for i, r := range rs {
		d[i] = f(r)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	m := d[len(d)/2]
	if len(d)%2 == 0 {
		m = (d[len(d)/2-1] + m) / 2
	}
	return m.Round(10 * time.Millisecond)
}
