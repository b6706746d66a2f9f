// Command webhookload sends kval's webhook benchmark request (package
// bench/webhook) over loopback HTTPS with keep-alive at fixed rates and
// prints the latency percentiles per rate. See bench/webhook/doc.go.
//
//	go run ./cmd/webhookload [-rates 500,1000,2000,3000] [-duration 5s]
package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kval-dev/kval/bench/webhook"
)

func main() {
	rates := flag.String("rates", "500,1000,1500,2000,2500,3000", "request rates to hold, per second")
	duration := flag.Duration("duration", 5*time.Second, "how long each rate is held")
	flag.BoolVar(&baseline, "baseline", false, "serve a constant answer over the same TLS and HTTP/2 stack: the floor the machine and this client give")
	flag.Parse()
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400) // as kval serve runs
	}
	if err := run(*rates, *duration); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(rateList string, duration time.Duration) error {
	scenario, err := webhook.NewScenario()
	if err != nil {
		return err
	}
	url, client, stop, err := serve(scenario)
	if err != nil {
		return err
	}
	defer stop()
	best := 0
	fmt.Printf("%8s %8s %10s %10s %10s %7s\n", "rate/s", "sent", "p50", "p99", "max", "errors")
	for _, field := range strings.Split(rateList, ",") {
		rate, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || rate <= 0 {
			return fmt.Errorf("bad rate %q", field)
		}
		hold(client, url, scenario.Review, rate, time.Second) // warm-up: connections and handshakes, not measured
		r := hold(client, url, scenario.Review, rate, duration)
		fmt.Printf("%8d %8d %10v %10v %10v %7d\n", rate, len(r.latencies), r.percentile(50), r.percentile(99), r.percentile(100), r.errors)
		if r.errors == 0 && r.percentile(99) < 2*time.Millisecond {
			best = max(best, rate)
		}
	}
	fmt.Printf("highest rate with p99 < 2ms and no errors: %d/s\n", best)
	return nil
}

// serve starts the scenario's webhook over TLS on a loopback port.
// baseline replaces kval by a constant answer (see the -baseline flag).
var baseline bool

func serve(s *webhook.Scenario) (string, *http.Client, func(), error) {
	certFile, keyFile, err := selfSignedCert()
	if err != nil {
		return "", nil, nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	if baseline {
		go func() { _ = http.ServeTLS(l, constantAnswer(), certFile, keyFile) }()
	} else {
		go func() { _ = s.Server.ServeTLS(ctx, l, certFile, keyFile) }()
	}
	// HTTP/2 over one kept-alive connection, as kube-apiserver calls webhooks.
	client := &http.Client{Transport: &http.Transport{
		TLSClientConfig:   &tls.Config{InsecureSkipVerify: true},
		ForceAttemptHTTP2: true,
	}}
	return "https://" + l.Addr().String() + "/validate", client, cancel, nil
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
