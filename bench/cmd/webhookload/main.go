// Command webhookload sends kval's webhook benchmark request (package
// bench/webhook) over HTTPS with keep-alive at fixed rates and prints the
// latency percentiles per rate. See bench/webhook/doc.go.
//
//	go run ./cmd/webhookload [-rates 500,1000,2000,3000] [-duration 5s] [-baseline]
//
// By default the client and the server run in this one process. To run
// them as two processes, each on cores of its own, start the server alone
// with -serve (it prints the address it listens on and serves until
// interrupted) and point the client at it with -server:
//
//	go build -o /tmp/webhookload ./cmd/webhookload
//	taskset -c 0-7 /tmp/webhookload -serve 127.0.0.1:8443 [-baseline] &
//	taskset -c 8-15 /tmp/webhookload -server 127.0.0.1:8443 -rates 2000,4000,8000
//	kill %1
package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/kval-dev/kval/bench/webhook"
)

// config is what the flags ask for.
type config struct {
	rates    string
	duration time.Duration
	baseline bool   // the server answers a constant instead of running kval
	listen   string // server only: the address to serve on
	server   string // client only: the address of a running server
}

func main() {
	var c config
	flag.StringVar(&c.rates, "rates", "500,1000,1500,2000,2500,3000", "request rates to hold, per second")
	flag.DurationVar(&c.duration, "duration", 5*time.Second, "how long each rate is held")
	flag.BoolVar(&c.baseline, "baseline", false, "serve a constant answer over the same TLS and HTTP/2 stack: the floor the machine and this client give")
	flag.StringVar(&c.listen, "serve", "", "server only: serve on this address (host:port; port 0 picks one, printed) until interrupted")
	flag.StringVar(&c.server, "server", "", "client only: send to the webhookload -serve listening at this address (host:port)")
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
	switch {
	case c.listen != "" && c.server != "":
		return errors.New("-serve and -server exclude each other: start one process with each")
	case c.server != "" && c.baseline:
		return errors.New("-baseline chooses what the server answers: give it to the -serve process")
	}
	scenario, err := webhook.NewScenario()
	if err != nil {
		return err
	}
	switch {
	case c.listen != "":
		return serveOnly(ctx, scenario, c, out)
	case c.server != "":
		return measure(newClient(), "https://"+c.server+"/validate", scenario.Review, c, out)
	}
	addr, stop, err := serve(scenario, "127.0.0.1:0", c.baseline)
	if err != nil {
		return err
	}
	defer stop()
	return measure(newClient(), "https://"+addr+"/validate", scenario.Review, c, out)
}

// serveOnly serves until ctx ends, after printing where.
func serveOnly(ctx context.Context, s *webhook.Scenario, c config, out io.Writer) error {
	addr, stop, err := serve(s, c.listen, c.baseline)
	if err != nil {
		return err
	}
	defer stop()
	what := "kval's webhook"
	if c.baseline {
		what = "the constant answer (baseline)"
	}
	fmt.Fprintf(out, "serving %s on %s (https://%s/validate) until interrupted\n", what, addr, addr)
	<-ctx.Done()
	return nil
}

// measure holds each rate against url and prints a line per rate.
func measure(client *http.Client, url string, review []byte, c config, out io.Writer) error {
	defer client.CloseIdleConnections()
	best := 0
	fmt.Fprintf(out, "%8s %8s %10s %10s %10s %7s\n", "rate/s", "sent", "p50", "p99", "max", "errors")
	for _, field := range strings.Split(c.rates, ",") {
		rate, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || rate <= 0 {
			return fmt.Errorf("bad rate %q", field)
		}
		hold(client, url, review, rate, time.Second) // warm-up: connections and handshakes, not measured
		r := hold(client, url, review, rate, c.duration)
		fmt.Fprintf(out, "%8d %8d %10v %10v %10v %7d\n", rate, len(r.latencies), r.percentile(50), r.percentile(99), r.percentile(100), r.errors)
		if r.errors == 0 && r.percentile(99) < 2*time.Millisecond {
			best = max(best, rate)
		}
	}
	fmt.Fprintf(out, "highest rate with p99 < 2ms and no errors: %d/s\n", best)
	return nil
}

// serve starts the scenario's webhook over TLS on addr, or with baseline a
// constant answer (see the -baseline flag), and returns the address it
// listens on and a function that stops it.
func serve(s *webhook.Scenario, addr string, baseline bool) (string, func(), error) {
	certFile, keyFile, err := selfSignedCert()
	if err != nil {
		return "", nil, err
	}
	removeCert := func() { _ = os.RemoveAll(filepath.Dir(certFile)) }
	l, err := net.Listen("tcp", addr)
	if err != nil {
		removeCert()
		return "", nil, err
	}
	if baseline {
		srv := &http.Server{Handler: constantAnswer()}
		go func() { _ = srv.ServeTLS(l, certFile, keyFile) }()
		return l.Addr().String(), func() { _ = srv.Close(); removeCert() }, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _ = s.Server.ServeTLS(ctx, l, certFile, keyFile) }()
	return l.Addr().String(), func() { cancel(); removeCert() }, nil
}

// newClient speaks HTTP/2 over one kept-alive connection, as kube-apiserver
// calls webhooks.
func newClient() *http.Client {
	return &http.Client{Transport: &http.Transport{
		TLSClientConfig:   &tls.Config{InsecureSkipVerify: true},
		ForceAttemptHTTP2: true,
	}}
}

// result is what one rate gave.
type result struct {
	latencies []time.Duration
	errors    int
}

func (r *result) percentile(p int) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	slices.Sort(r.latencies)
	i := min(len(r.latencies)-1, len(r.latencies)*p/100)
	return r.latencies[i]
}

// hold sends at a fixed rate for the duration, open-loop: each request is
// due at its slot, and its latency counts from the slot, so a server that
// falls behind shows it.
func hold(client *http.Client, url string, body []byte, rate int, duration time.Duration) *result {
	n := int(duration.Seconds() * float64(rate))
	interval := time.Second / time.Duration(rate)
	res := &result{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		due := start.Add(time.Duration(i) * interval)
		time.Sleep(time.Until(due))
		wg.Go(func() {
			ok := send(client, url, body)
			took := time.Since(due)
			mu.Lock()
			defer mu.Unlock()
			res.latencies = append(res.latencies, took)
			if !ok {
				res.errors++
			}
		})
	}
	wg.Wait()
	return res
}

// send posts one review and reports whether it was answered with an allowed response.
func send(client *http.Client, url string, body []byte) bool {
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	return err == nil && resp.StatusCode == http.StatusOK && bytes.Contains(answer, []byte(`"allowed":true`))
}

// constantAnswer reads the request and allows it, checking nothing.
func constantAnswer() http.Handler {
	answer := []byte(`{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","response":{"uid":"bench","allowed":true}}`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	})
}
