package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// schedule is what a comparison holds: each rate, for duration, rounds
// times against each server.
type schedule struct {
	rates    []int
	duration time.Duration
	rounds   int
}

// compare holds each rate against the baseline and then against kval,
// alternately, rounds times, so that both see the same machine as its
// load changes, and prints a line per hold, then the highest rate each
// held and kval's over the baseline's. With more than one round a rate is
// held when the median of its rounds' p99s is under the target and no
// round had errors: one round's p99 on a shared machine moves by more
// than the difference measured (issue 30's runs saw the baseline's own
// p99 cross 2 ms at one rate and not at the next).
func compare(client *loadClient, baselineURL, kvalURL string, review []byte, plan schedule, out io.Writer) error {
	defer client.CloseIdleConnections()
	servers := []struct{ name, url string }{{"baseline", baselineURL}, {"kval", kvalURL}}
	best := make([]int, len(servers))
	fmt.Fprintf(out, "%8s %-8s %s\n", "rate/s", "server", header())
	for _, rate := range plan.rates {
		holds := make([][]*result, len(servers))
		for range max(plan.rounds, 1) {
			for i, s := range servers {
				r := measureRate(client, s.url, review, rate, plan.duration)
				fmt.Fprintf(out, "%8d %-8s %s\n", rate, s.name, r.row())
				holds[i] = append(holds[i], r)
			}
		}
		for i, s := range servers {
			p99, errs := medianP99(holds[i])
			if plan.rounds > 1 {
				fmt.Fprintf(out, "%8d %-8s median p99 %v over %d rounds, %d errors\n", rate, s.name, p99, len(holds[i]), errs)
			}
			if errs == 0 && p99 < target {
				best[i] = max(best[i], rate)
			}
		}
	}
	fmt.Fprintf(out, "highest rate with p99 < 2ms and no errors: baseline %d/s, kval %d/s, kval/baseline %s\n", best[0], best[1], ratio(best[1], best[0]))
	return nil
}

// medianP99 is the median of the holds' p99s (the higher middle one of an
// even count) and their errors in all.
func medianP99(holds []*result) (time.Duration, int) {
	p99s := make([]time.Duration, len(holds))
	errs := 0
	for i, r := range holds {
		p99s[i] = r.percentile(99)
		errs += r.errors
	}
	slices.Sort(p99s)
	return p99s[len(p99s)/2], errs
}

// ratio is kval's held rate over the baseline's, or "-" when the baseline
// held none of the rates.
func ratio(kval, baseline int) string {
	if baseline == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(kval)/float64(baseline))
}
