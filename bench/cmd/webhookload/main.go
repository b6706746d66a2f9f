// Command webhookload sends kval's webhook benchmark request (package
// bench/webhook) over HTTPS with keep-alive at fixed rates and prints the
// latency percentiles per rate. See bench/webhook/doc.go. It speaks
// HTTP/1.1, as kube-apiserver calls a webhook referenced by a Service, or
// with -http2 HTTP/2, as it calls one referenced by a URL on localhost
// (client.go).
//
//	go run ./cmd/webhookload [-rates 500,1000,2000,3000] [-duration 5s] [-baseline | -compare] [-review as-written|as-sent|whole] [-http2] [-no-keepalive]
//
// -compare measures the constant-answer baseline and kval's webhook
// alternately at each rate (baseline first) and ends with the highest rate
// each holds at p99 < 2 ms and their ratio, kval's over the baseline's:
// the webhook's share of what the transport allows on these cores. With
// -rounds N each rate is held N times per server, alternately, and judged
// by the median of the N p99s: on a shared machine one hold's p99 moves by
// more than the difference measured.
//
// By default the client and the server run in this one process. To run
// them as two processes, each on cores of its own, start the server alone
// with -serve (it prints the address it listens on and serves until
// interrupted, then the CPU time it spent per admission request) and point
// the client at it with -server:
//
//	go build -o /tmp/webhookload ./cmd/webhookload
//	taskset -c 0-7 /tmp/webhookload -serve 127.0.0.1:8443 [-baseline] [-cpuprofile /tmp/server.prof] [-trace /tmp/server.trace] &
//	taskset -c 8-15 /tmp/webhookload -server 127.0.0.1:8443 -rates 2000,4000,8000
//	kill -INT %1
//
// For -compare over two processes, start a -baseline server on the same
// cores as kval's and give the client both addresses:
//
//	taskset -c 0 /tmp/webhookload -serve 127.0.0.1:8443 &
//	taskset -c 0 /tmp/webhookload -serve 127.0.0.1:8444 -baseline &
//	taskset -c 1 /tmp/webhookload -server 127.0.0.1:8443 -baseline-server 127.0.0.1:8444 -rates 1000,2000,3000
package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/kval-dev/kval/bench/internal/intlist"
	"github.com/kval-dev/kval/bench/webhook"
)

// config is what the flags ask for.
type config struct {
	rates    string
	duration time.Duration
	baseline bool   // the server answers a constant instead of running kval
	compare  bool   // measure the baseline and kval alternately at each rate
	listen   string // server only: the address to serve on
	server   string // client only: the address of a running server
	// client only: the address of a running -baseline server, for -compare
	baselineServer string
	cpuProfile     string        // server only: write the server's CPU profile here
	trace          string        // server only: write the server's execution trace here
	rounds         int           // -compare: holds of each rate per server
	review         string        // the scenario's review the client sends
	client         clientOptions // client only: -http2, -no-keepalive
}

func main() {
	var c config
	flag.StringVar(&c.rates, "rates", "500,1000,1500,2000,2500,3000", "request rates to hold, per second")
	flag.DurationVar(&c.duration, "duration", 5*time.Second, "how long each rate is held")
	flag.BoolVar(&c.baseline, "baseline", false, "serve a constant answer over the same TLS and HTTP stack: the floor the machine and this client give")
	flag.BoolVar(&c.compare, "compare", false, "measure the baseline and kval alternately at each rate and print kval's highest rate at p99 < 2ms over the baseline's")
	flag.StringVar(&c.listen, "serve", "", "server only: serve on this address (host:port; port 0 picks one, printed) until interrupted")
	flag.StringVar(&c.server, "server", "", "client only: send to the webhookload -serve listening at this address (host:port)")
	flag.StringVar(&c.baselineServer, "baseline-server", "", "client only, with -server: compare with the webhookload -serve -baseline at this address (implies -compare)")
	flag.IntVar(&c.rounds, "rounds", 1, "-compare: hold each rate this many times per server, alternately, and judge it by the median p99")
	flag.StringVar(&c.cpuProfile, "cpuprofile", "", "server only: write the server's CPU profile, from its start of serving to its interruption, to this file")
	flag.StringVar(&c.review, "review", webhook.ReviewNames[0], "the review sent: "+strings.Join(webhook.ReviewNames, ", ")+" (bench/webhook's Scenario: the issue's yardstick, its objects as kube-apiserver sends them, or with everything else kube-apiserver sends)")
	flag.BoolVar(&c.client.noKeepAlive, "no-keepalive", false, "client: send each request on a new connection (what a TLS handshake costs the server: its CPU a request)")
	flag.BoolVar(&c.client.http2, "http2", false, "client: speak HTTP/2, as kube-apiserver calls a webhook referenced by a URL on localhost (by default HTTP/1.1, as it calls one referenced by a Service); servers speak both")
	flag.StringVar(&c.trace, "trace", "", "server only: write the server's execution trace, from its start of serving to its interruption, to this file (go tool trace; bench/cmd/tracesummary)")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as kval serve runs
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

// run serves, measures, or both, as c asks.
func run(ctx context.Context, c config, out io.Writer) error {
	if err := c.check(); err != nil {
		return err
	}
	scenario, err := webhook.NewScenario()
	if err != nil {
		return err
	}
	if c.listen != "" {
		return serveOnly(ctx, scenario, c, out)
	}
	rates, err := parseRates(c.rates)
	if err != nil {
		return err
	}
	review := scenario.Reviewed(cmp.Or(c.review, webhook.ReviewNames[0]))
	if review == nil {
		return fmt.Errorf("-review %q: the scenario's reviews are %s", c.review, strings.Join(webhook.ReviewNames, ", "))
	}
	switch {
	case c.baselineServer != "":
		return compare(newClient(c.client), "https://"+c.baselineServer+"/validate", "https://"+c.server+"/validate", review, c.schedule(rates), out)
	case c.server != "":
		return measure(newClient(c.client), "https://"+c.server+"/validate", review, rates, c.duration, out)
	}
	return measureInProcess(scenario, review, c, rates, out)
}

// maxRate is the highest rate the client paces: one slot a microsecond
// (a timerfd of no interval, above a billion a second, would never fire).
const maxRate = 1_000_000

// parseRates reads -rates, each within what the client paces.
func parseRates(list string) ([]int, error) {
	rates, err := intlist.Parse(list, "rate")
	for _, rate := range rates {
		if rate > maxRate {
			return nil, fmt.Errorf("rate %d: the client paces at most %d requests a second", rate, maxRate)
		}
	}
	return rates, err
}

// check refuses flags that exclude each other.
func (c config) check() error {
	switch {
	case c.listen != "" && c.server != "":
		return errors.New("-serve and -server exclude each other: start one process with each")
	case c.server != "" && c.baseline:
		return errors.New("-baseline chooses what the server answers: give it to the -serve process")
	case c.baseline && c.compare:
		return errors.New("-compare measures the baseline and kval: leave -baseline out")
	case c.listen != "" && (c.compare || c.baselineServer != ""):
		return errors.New("-compare and -baseline-server are the client's: start one -serve process for kval and one with -baseline")
	case c.baselineServer != "" && c.server == "":
		return errors.New("-baseline-server needs -server, kval's address")
	case c.server != "" && c.compare && c.baselineServer == "":
		return errors.New("-compare with -server needs -baseline-server, the address of a -serve -baseline process")
	case c.rounds > 1 && !c.compare && c.baselineServer == "":
		return errors.New("-rounds repeats -compare's holds: give -compare or -baseline-server")
	case c.cpuProfile != "" && c.listen == "":
		return errors.New("-cpuprofile profiles a -serve process: give it there (go test's -cpuprofile profiles the handler in process)")
	case c.trace != "" && c.listen == "":
		return errors.New("-trace traces a -serve process: give it there")
	case c.client != clientOptions{} && c.listen != "":
		return errors.New("-http2 and -no-keepalive are the client's choice (a -serve process speaks HTTP/1.1 and HTTP/2, kept alive or not): give them to the -server process")
	}
	return nil
}

// measureInProcess serves in this process, kval's webhook, the baseline
// or both, and measures them.
func measureInProcess(s *webhook.Scenario, review []byte, c config, rates []int, out io.Writer) error {
	srv, err := serve(s, "127.0.0.1:0", c.baseline)
	if err != nil {
		return err
	}
	defer srv.stop()
	url := "https://" + srv.addr + "/validate"
	if !c.compare {
		return measure(newClient(c.client), url, review, rates, c.duration, out)
	}
	base, err := serve(s, "127.0.0.1:0", true)
	if err != nil {
		return err
	}
	defer base.stop()
	return compare(newClient(c.client), "https://"+base.addr+"/validate", url, review, c.schedule(rates), out)
}

func (c config) schedule(rates []int) schedule {
	return schedule{rates: rates, duration: c.duration, rounds: c.rounds}
}

// serveOnly serves until ctx ends, after printing where, and then prints
// the CPU time it spent per admission request.
func serveOnly(ctx context.Context, s *webhook.Scenario, c config, out io.Writer) error {
	srv, err := serve(s, c.listen, c.baseline)
	if err != nil {
		return err
	}
	defer srv.stop()
	what := "kval's webhook"
	if c.baseline {
		what = "the constant answer (baseline)"
	}
	usage, err := startUsage(c.cpuProfile, c.trace, srv.served)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "serving %s on %s (https://%s/validate) until interrupted\n", what, srv.addr, srv.addr)
	<-ctx.Done()
	return usage.report(out)
}

// measure holds each rate against url and prints a line per rate.
func measure(client *loadClient, url string, review []byte, rates []int, duration time.Duration, out io.Writer) error {
	defer client.CloseIdleConnections()
	best := 0
	fmt.Fprintf(out, "%8s %s\n", "rate/s", header())
	for _, rate := range rates {
		r := measureRate(client, url, review, rate, duration)
		fmt.Fprintf(out, "%8d %s\n", rate, r.row())
		best = r.better(best, rate)
	}
	fmt.Fprintf(out, "highest rate with p99 < 2ms and no errors: %d/s\n", best)
	return nil
}

// measureRate holds a rate after a second of warm-up, not measured. One
// request first opens a connection: over HTTP/2, without it the warm-up's
// first requests each dial and handshake before one connection is pooled,
// and the server's CPU time counts dozens of handshakes.
func measureRate(client *loadClient, url string, review []byte, rate int, duration time.Duration) *result {
	send(client, url, review)
	warmUp(client, url, review, rate)
	dials := client.dials.Load()
	r := hold(client, url, review, rate, duration)
	r.dials = client.dials.Load() - dials
	return r
}

// warmUp holds a quarter of the rate, then half, then all of it, for a
// second in all, so that over HTTP/1.1 the connections the rate keeps
// busy open as load rises in a cluster, a few at a time. The whole rate at
// once finds one connection: each request that finds none idle opens one,
// with a handshake that costs the server as much CPU as several requests,
// and a server near its limit can stay in that storm for as long as the
// rate lasts (bench/NOTES.md: "The transport kube-apiserver uses").
func warmUp(client *loadClient, url string, review []byte, rate int) {
	for _, step := range []struct {
		share int // of the rate, 1/share
		hold  time.Duration
	}{{4, 250 * time.Millisecond}, {2, 250 * time.Millisecond}, {1, 500 * time.Millisecond}} {
		hold(client, url, review, max(rate/step.share, 1), step.hold)
	}
}

// target is the p99 a rate must stay under to be held.
const target = 2 * time.Millisecond

// better is the higher of best and rate if r held rate: p99 under target
// and no errors.
func (r *result) better(best, rate int) int {
	if r.errors == 0 && r.percentile(99) < target {
		return max(best, rate)
	}
	return best
}

// server is a running server of this process.
type server struct {
	addr string
	stop func()
	// served counts the admission requests answered so far.
	served func() int64
}

// serve starts the scenario's webhook over TLS on addr, or with baseline a
// constant answer (see the -baseline flag).
func serve(s *webhook.Scenario, addr string, baseline bool) (*server, error) {
	certFile, keyFile, err := selfSignedCert()
	if err != nil {
		return nil, err
	}
	removeCert := func() { _ = os.RemoveAll(filepath.Dir(certFile)) }
	l, err := net.Listen("tcp", addr)
	if err != nil {
		removeCert()
		return nil, err
	}
	if baseline {
		var n atomic.Int64
		srv := &http.Server{Handler: constantAnswer(&n)}
		go func() { _ = srv.ServeTLS(l, certFile, keyFile) }()
		return &server{l.Addr().String(), func() { _ = srv.Close(); removeCert() }, n.Load}, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _ = s.Server.ServeTLS(ctx, l, certFile, keyFile) }()
	return &server{l.Addr().String(), func() { cancel(); removeCert() }, func() int64 { return admissionRequests(s.Server) }}, nil
}

// result is what one rate gave.
type result struct {
	mu        sync.Mutex // add's, from the requests' goroutines
	latencies []time.Duration
	// lateness is the client's own part of each latency: from the slot to
	// the request's send. When its p99 nears the latencies', the client,
	// not the server, held the rate back.
	lateness []time.Duration
	errors   int
	failures map[string]int // the errors by what went wrong (see send)
	dials    int64          // connections opened during the hold
}

// add counts a request the client sent late after its slot, answered took
// after it, allowed unless failure says what went wrong.
func (r *result) add(late, took time.Duration, failure string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.latencies = append(r.latencies, took)
	r.lateness = append(r.lateness, late)
	if failure != "" {
		r.countFailure(failure, 1)
	}
}

// notSent counts the n requests a hold did not send as errors.
func (r *result) notSent(err error, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.countFailure("not sent: "+err.Error(), n)
}

// countFailure counts n errors of one kind; r.mu is held.
func (r *result) countFailure(failure string, n int) {
	if r.failures == nil {
		r.failures = map[string]int{}
	}
	r.failures[failure] += n
	r.errors += n
}

// failureKinds lists the errors by kind, the most frequent first: a
// closed connection (EOF: over the server's connection cap) tells an
// overload from a 429 or a denial.
func (r *result) failureKinds() string {
	kinds := slices.Collect(maps.Keys(r.failures))
	slices.SortFunc(kinds, func(a, b string) int {
		return cmp.Or(cmp.Compare(r.failures[b], r.failures[a]), strings.Compare(a, b))
	})
	for i, k := range kinds {
		kinds[i] = fmt.Sprintf("%d %s", r.failures[k], k)
	}
	return strings.Join(kinds, "; ")
}

func (r *result) percentile(p int) time.Duration { return percentile(r.latencies, p) }

// percentile is the p-th percentile of ds (sorted in place).
func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(len(ds)-1, len(ds)*p/100)]
}

// row is a result's columns: requests sent, latency p50, p99 and max,
// errors, connections opened, and the client's lateness p99; then the
// errors by kind, if any.
func (r *result) row() string {
	row := fmt.Sprintf("%8d %10v %10v %10v %7d %6d %8v", len(r.latencies), r.percentile(50), r.percentile(99), r.percentile(100),
		r.errors, r.dials, percentile(r.lateness, 99).Round(time.Microsecond))
	if r.errors > 0 {
		row += "  [" + r.failureKinds() + "]"
	}
	return row
}

// header names the columns of result rows.
func header() string {
	return fmt.Sprintf("%8s %10s %10s %10s %7s %6s %8s", "sent", "p50", "p99", "max", "errors", "conns", "late99")
}

// hold sends at a fixed rate for the duration, open-loop: each request is
// due at its slot, and its latency counts from the slot, so a server that
// falls behind shows it.
func hold(client *loadClient, url string, body []byte, rate int, duration time.Duration) *result {
	n := int(duration.Seconds() * float64(rate))
	interval := time.Second / time.Duration(rate)
	res := &result{}
	var wg sync.WaitGroup
	pace, start := startPace(interval)
	defer pace.stop()
	for i := 0; i < n; {
		ready, err := pace.wait()
		if err != nil { // the rest of the hold is not sent: count it failed
			res.notSent(err, n-i) // requests sent before may still be adding theirs
			break
		}
		for ; ready > 0 && i < n; ready, i = ready-1, i+1 {
			slot := due(start, interval, i)
			wg.Go(func() {
				late := time.Since(slot)
				failure := send(client, url, body)
				res.add(late, time.Since(slot), failure)
			})
		}
	}
	wg.Wait()
	return res
}

// send posts one review; failure says why it was not answered with an
// allowed response ("" when it was): the transport's error, the HTTP
// status, or the answer's.
func send(client *loadClient, address string, body []byte) (failure string) {
	resp, err := client.Post(address, "application/json", bytes.NewReader(body))
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) {
			err = urlErr.Err // without the method and URL, the same for every request
		}
		return err.Error()
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	switch {
	case err != nil:
		return "reading the answer: " + err.Error()
	case resp.StatusCode != http.StatusOK:
		return "HTTP " + resp.Status
	case !bytes.Contains(answer, []byte(`"allowed":true`)):
		return "answered, not allowed"
	}
	return ""
}

// constantAnswer reads the request and allows it, checking nothing, and
// counts it.
func constantAnswer(served *atomic.Int64) http.Handler {
	answer := []byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"bench","allowed":true}}`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
		served.Add(1)
	})
}
