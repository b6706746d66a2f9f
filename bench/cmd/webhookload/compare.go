package main

import (
	"fmt"
	"io"
	"net/http"
	"time"
)

// compare holds each rate against the baseline and then against kval,
// alternately, so that both see the same machine as its load changes, and
// prints a line per rate and server, then the highest rate each held and
// kval's over the baseline's.
func compare(client *http.Client, baselineURL, kvalURL string, review []byte, rates []int, duration time.Duration, out io.Writer) error {
	defer client.CloseIdleConnections()
	servers := []struct{ name, url string }{{"baseline", baselineURL}, {"kval", kvalURL}}
	best := make([]int, len(servers))
	fmt.Fprintf(out, "%8s %-8s %8s %10s %10s %10s %7s\n", "rate/s", "server", "sent", "p50", "p99", "max", "errors")
	for _, rate := range rates {
		for i, s := range servers {
			r := measureRate(client, s.url, review, rate, duration)
			fmt.Fprintf(out, "%8d %-8s %8d %10v %10v %10v %7d\n", rate, s.name, len(r.latencies), r.percentile(50), r.percentile(99), r.percentile(100), r.errors)
			best[i] = r.better(best[i], rate)
		}
	}
	fmt.Fprintf(out, "highest rate with p99 < 2ms and no errors: baseline %d/s, kval %d/s, kval/baseline %s\n", best[0], best[1], ratio(best[1], best[0]))
	return nil
}

// ratio is kval's held rate over the baseline's, or "-" when the baseline
// held none of the rates.
func ratio(kval, baseline int) string {
	if baseline == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(kval)/float64(baseline))
}
