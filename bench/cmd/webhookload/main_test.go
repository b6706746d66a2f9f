package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/exp/trace"

	"github.com/kval-dev/kval/bench/webhook"
)

// TestClientAndServerAsSeparateRuns starts the server alone (-serve, port 0)
// and points a client run at the address it prints (-server): every request
// is answered, for kval's webhook and for the baseline, over HTTP/1.1,
// HTTP/2 (-http2) and new connections (-no-keepalive), on which the
// client opens one a request.
func TestClientAndServerAsSeparateRuns(t *testing.T) {
	for _, baseline := range []bool{false, true} {
		addr, _ := startServeOnly(t, baseline)
		for _, o := range []clientOptions{{}, {http2: true}, {noKeepAlive: true}} {
			out := clientOutput(t, config{server: addr, rates: "50", duration: 200 * time.Millisecond, client: o})
			sent, errs := rowCounts(t, out)
			if sent != 10 || errs != 0 {
				t.Errorf("baseline %v, %+v: sent %d, %d errors; want 10 sent, no errors", baseline, o, sent, errs)
			}
			if conns := rowField(t, out, 6); o.noKeepAlive != (conns == "10") {
				t.Errorf("baseline %v, %+v: %s connections opened for 10 requests", baseline, o, conns)
			}
		}
	}
}

// TestClientAndServerInOneRun: without -serve and -server the run serves
// and measures itself, as before.
func TestClientAndServerInOneRun(t *testing.T) {
	sent, errs := clientRun(t, config{rates: "50", duration: 200 * time.Millisecond})
	if sent != 10 || errs != 0 {
		t.Errorf("sent %d, %d errors; want 10 sent, no errors", sent, errs)
	}
}

// TestEveryReviewIsAnswered: -review sends each of the scenario's
// reviews, every one allowed; another name is refused with the names.
func TestEveryReviewIsAnswered(t *testing.T) {
	for _, name := range webhook.ReviewNames {
		sent, errs := clientRun(t, config{rates: "50", duration: 100 * time.Millisecond, review: name})
		if sent != 5 || errs != 0 {
			t.Errorf("-review %s: sent %d, %d errors; want 5 sent, no errors", name, sent, errs)
		}
	}
	err := run(t.Context(), config{rates: "50", duration: time.Millisecond, review: "as-read"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), strings.Join(webhook.ReviewNames, ", ")) {
		t.Errorf("error %v", err)
	}
}

// TestClientCountsAnAbsentServer: a client pointed where nothing serves
// counts every request as an error, and says which.
func TestClientCountsAnAbsentServer(t *testing.T) {
	out := clientOutput(t, config{server: "127.0.0.1:1", rates: "20", duration: 200 * time.Millisecond})
	sent, errs := rowCounts(t, out)
	if sent != 4 || errs != 4 || !strings.Contains(out, "[4 dial tcp 127.0.0.1:1: connect: connection refused]") {
		t.Errorf("sent %d, %d errors; want 4 and 4, each refused; printed:\n%s", sent, errs, out)
	}
}

// TestErrorsAreCountedByKind: a hold's row ends with its errors by kind,
// the most frequent first: HTTP statuses, answers that do not allow,
// connections the server closed, and answers cut short.
func TestErrorsAreCountedByKind(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) % 4 {
		case 0:
			_, _ = w.Write([]byte(`{"response":{"allowed":true}}`))
		case 1, 2:
			http.Error(w, "overloaded", http.StatusTooManyRequests)
		default:
			_, _ = w.Write([]byte(`{"response":{"allowed":false}}`))
		}
	}))
	defer srv.Close()
	client := newClient(clientOptions{})
	defer client.CloseIdleConnections()
	r := &result{}
	for range 8 {
		r.add(0, time.Millisecond, send(client, srv.URL, nil))
	}
	want := "[4 HTTP 429 Too Many Requests; 2 answered, not allowed]"
	if row := r.row(); r.errors != 6 || !strings.HasSuffix(row, want) {
		t.Errorf("%d errors, row %q; want 6 and a row ending %q", r.errors, row, want)
	}
	closing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		_ = conn.Close()
	}))
	defer closing.Close()
	if failure := send(client, closing.URL, nil); failure != "EOF" {
		t.Errorf("a connection closed unanswered: %q, want EOF", failure)
	}
	cut := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		_, _ = conn.Write([]byte("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{"))
		_ = conn.Close()
	}))
	defer cut.Close()
	if failure := send(client, cut.URL, nil); failure != "reading the answer: unexpected EOF" {
		t.Errorf("an answer cut short: %q, want it read in part", failure)
	}
}

// TestCompareInOneRun: -compare measures the baseline and kval at each
// rate, and ends with both highest rates and their ratio.
func TestCompareInOneRun(t *testing.T) {
	checkCompare(t, config{compare: true, rates: "20,40", duration: 200 * time.Millisecond})
}

// TestCompareOverSeparateRuns: a client given kval's -serve and a -serve
// -baseline compares them as the one-process run does.
func TestCompareOverSeparateRuns(t *testing.T) {
	kval, _ := startServeOnly(t, false)
	base, _ := startServeOnly(t, true)
	checkCompare(t, config{server: kval, baselineServer: base, rates: "20,40", duration: 200 * time.Millisecond})
}

func checkCompare(t *testing.T, c config) {
	t.Helper()
	var out strings.Builder
	if err := run(t.Context(), c, &out); err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"20 baseline 4 ", "20 kval 4 ", "40 baseline 8 ", "40 kval 8 "}
	if len(lines) != 6 {
		t.Fatalf("printed:\n%s", out.String())
	}
	for i, w := range want {
		// rate server sent p50 p99 max errors conns late99: no errors, no
		// connection opened during a hold (the one opened before is kept),
		// and the client's lateness a part of the latency.
		fields := strings.Fields(lines[i+1])
		if got := strings.Join(fields, " "); !strings.HasPrefix(got, w) || len(fields) != 9 || fields[6] != "0" || fields[7] != "0" {
			t.Errorf("line %d: %q, want %q... with no errors and no new connections", i+1, lines[i+1], w)
			continue
		}
		p99, err1 := time.ParseDuration(fields[4])
		late, err2 := time.ParseDuration(fields[8])
		if err1 != nil || err2 != nil || late <= 0 || late > p99 {
			t.Errorf("line %d: %q: the client's lateness p99 must be within the latency's", i+1, lines[i+1])
		}
	}
	// Either may miss 2 ms on a loaded machine: the summary's form is what
	// is checked, and that the ratio follows from the rates.
	var base, kval int
	var ratio string
	if _, err := fmt.Sscanf(lines[5], "highest rate with p99 < 2ms and no errors: baseline %d/s, kval %d/s, kval/baseline %s", &base, &kval, &ratio); err != nil {
		t.Fatalf("summary %q: %v", lines[5], err)
	}
	if base > 0 && ratio != fmt.Sprintf("%.2f", float64(kval)/float64(base)) || base == 0 && ratio != "-" {
		t.Errorf("summary %q: wrong ratio", lines[5])
	}
}

// TestServeReportsCPUPerRequest: an interrupted -serve prints how many
// admission requests it answered, the count the client sent, and its CPU
// time per request.
func TestServeReportsCPUPerRequest(t *testing.T) {
	for _, baseline := range []bool{false, true} {
		addr, report := startServeOnly(t, baseline)
		clientRun(t, config{server: addr, rates: "50", duration: 200 * time.Millisecond})
		var n int
		var cpu, perRequest string
		if _, err := fmt.Sscanf(report(), "served %d admission requests with %s of CPU (user+sys): %s a request", &n, &cpu, &perRequest); err != nil {
			t.Fatalf("baseline %v: report: %v", baseline, err)
		}
		// One to connect, the warm-up (12/s, 25/s and 50/s for 250, 250 and
		// 500 ms: 3 + 6 + 25), then 200 ms at 50/s.
		if n != 1+34+10 {
			t.Errorf("baseline %v: served %d, want 45", baseline, n)
		}
		if d, err := time.ParseDuration(perRequest); err != nil || d <= 0 {
			t.Errorf("baseline %v: CPU a request %q", baseline, perRequest)
		}
	}
}

// TestExclusiveFlags: flags that contradict each other are refused.
func TestExclusiveFlags(t *testing.T) {
	for _, c := range []config{
		{listen: "127.0.0.1:0", server: "127.0.0.1:8443"},
		{server: "127.0.0.1:8443", baseline: true},
		{compare: true, baseline: true},
		{listen: "127.0.0.1:0", compare: true},
		{baselineServer: "127.0.0.1:8444"},
		{server: "127.0.0.1:8443", compare: true},
		{cpuProfile: "cpu.prof"},
		{trace: "server.trace"},
		{rounds: 3},
		{listen: "127.0.0.1:0", client: clientOptions{http2: true}},
		{listen: "127.0.0.1:0", client: clientOptions{noKeepAlive: true}},
	} {
		if err := run(t.Context(), c, io.Discard); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// TestRatesThePacerCannotHoldAreRefused: a rate above a million a second
// is refused with the reason, not held (a timerfd of no interval would
// never fire).
func TestRatesThePacerCannotHoldAreRefused(t *testing.T) {
	err := run(t.Context(), config{rates: "1000,2000000000", duration: time.Millisecond}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "at most 1000000 requests a second") {
		t.Errorf("error %v", err)
	}
}

// startServeOnly runs the server-only mode until the test ends and returns
// the address it prints, and a function that interrupts it and returns
// what it printed then.
func startServeOnly(t *testing.T, baseline bool) (addr string, interrupt func() string) {
	return startServing(t, config{listen: "127.0.0.1:0", baseline: baseline})
}

func startServing(t *testing.T, c config) (addr string, interrupt func() string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, c, w); w.Close() }()
	first, rest := make(chan string, 1), make(chan string, 1)
	go func() {
		lines := bufio.NewReader(r)
		line, _ := lines.ReadString('\n')
		first <- line
		b, _ := io.ReadAll(lines)
		rest <- string(b)
	}()
	interrupt = sync.OnceValue(func() string {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("-serve: %v", err)
		}
		return <-rest
	})
	t.Cleanup(func() { interrupt() })
	return serveAddress(t, <-first), interrupt
}

func serveAddress(t *testing.T, line string) string {
	t.Helper()
	_, rest, _ := strings.Cut(line, " on ")
	addr, _, _ := strings.Cut(rest, " ")
	if addr == "" {
		t.Fatalf("-serve printed %q, want its address", line)
	}
	return addr
}

// clientRun measures at one rate and returns the requests sent and the
// errors of its line.
func clientRun(t *testing.T, c config) (sent, errs int) {
	t.Helper()
	return rowCounts(t, clientOutput(t, c))
}

// clientOutput is what a run of c printed.
func clientOutput(t *testing.T, c config) string {
	t.Helper()
	var out strings.Builder
	if err := run(t.Context(), c, &out); err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return out.String()
}

// row is the row of a one-rate run's output.
func row(t *testing.T, out string) string {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[2], "highest rate") {
		t.Fatalf("printed:\n%s", out)
	}
	return lines[1]
}

// rowField is the field of a one-rate run's row at index i (from 0: the
// rate, then the columns header names).
func rowField(t *testing.T, out string, i int) string {
	t.Helper()
	f := strings.Fields(row(t, out))
	if i >= len(f) {
		t.Fatalf("no field %d in:\n%s", i, out)
	}
	return f[i]
}

// rowCounts reads the requests sent and the errors of a one-rate run's
// output.
func rowCounts(t *testing.T, out string) (sent, errs int) {
	t.Helper()
	var rate int
	var p50, p99, maximum string
	if _, err := fmt.Sscan(row(t, out), &rate, &sent, &p50, &p99, &maximum, &errs); err != nil {
		t.Fatalf("row of %q: %v", out, err)
	}
	return sent, errs
}

// TestMedianP99: a rate is judged by the median of its rounds' p99s, the
// higher middle one of an even count, and by all their errors.
func TestMedianP99(t *testing.T) {
	hold := func(p99 time.Duration, errs int) *result {
		return &result{latencies: []time.Duration{p99 / 2, p99}, errors: errs}
	}
	for _, c := range []struct {
		holds []*result
		p99   time.Duration
		errs  int
	}{
		{[]*result{hold(3*time.Millisecond, 0)}, 3 * time.Millisecond, 0},
		{[]*result{hold(5*time.Millisecond, 0), hold(time.Millisecond, 0), hold(2*time.Millisecond, 1)}, 2 * time.Millisecond, 1},
		{[]*result{hold(time.Millisecond, 0), hold(4*time.Millisecond, 0)}, 4 * time.Millisecond, 0},
	} {
		if p99, errs := medianP99(c.holds); p99 != c.p99 || errs != c.errs {
			t.Errorf("median p99 %v with %d errors, want %v with %d", p99, errs, c.p99, c.errs)
		}
	}
}

// TestCompareInRounds: -rounds holds each rate that many times per server,
// alternately, and prints each rate's median p99 per server.
func TestCompareInRounds(t *testing.T) {
	var out strings.Builder
	if err := run(t.Context(), config{compare: true, rates: "20", duration: 200 * time.Millisecond, rounds: 2}, &out); err != nil {
		t.Fatal(err)
	}
	var servers, medians []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n")[1:] {
		f := strings.Fields(line)
		switch {
		case len(f) > 3 && f[2] == "median":
			medians = append(medians, f[1]+" "+strings.Join(f[len(f)-5:], " "))
		case len(f) == 9: // rate server sent p50 p99 max errors conns late99
			servers = append(servers, f[1])
		}
	}
	if strings.Join(servers, " ") != "baseline kval baseline kval" ||
		strings.Join(medians, ", ") != "baseline over 2 rounds, 0 errors, kval over 2 rounds, 0 errors" {
		t.Errorf("printed:\n%s", out.String())
	}
}

// TestNewConnectionsAreCounted: a server that takes one request at a time
// on a connection makes the client open more during a hold, and the hold
// counts them.
func TestNewConnectionsAreCounted(t *testing.T) {
	srv := startAnsweringServer(t, 1, 50*time.Millisecond)
	client := newClient(clientOptions{http2: true})
	defer client.CloseIdleConnections()
	if send(client, srv.URL, nil) != "" || client.dials.Load() != 1 {
		t.Fatalf("first request: %d connections", client.dials.Load())
	}
	r := hold(client, srv.URL, nil, 100, 200*time.Millisecond)
	if r.errors != 0 || client.dials.Load() < 2 {
		t.Errorf("%d errors, %d connections in all; want more than one", r.errors, client.dials.Load())
	}
}

// TestServeWritesProfileAndTrace: -cpuprofile and -trace on a -serve
// process write a CPU profile and an execution trace of its serving.
func TestServeWritesProfileAndTrace(t *testing.T) {
	dir := t.TempDir()
	c := config{listen: "127.0.0.1:0", cpuProfile: filepath.Join(dir, "cpu.prof"), trace: filepath.Join(dir, "server.trace")}
	addr, interrupt := startServing(t, c)
	clientRun(t, config{server: addr, rates: "20", duration: 100 * time.Millisecond})
	if report := interrupt(); !strings.HasPrefix(report, "served ") {
		t.Fatalf("report %q", report)
	}
	// A CPU profile is a gzipped protocol buffer (go tool pprof reads it).
	if b, err := os.ReadFile(c.cpuProfile); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("CPU profile: %d bytes, %v", len(b), err)
	}
	f, err := os.Open(c.trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := trace.NewReader(f)
	if err != nil {
		t.Fatalf("trace: %v", err)
	}
	events := 0
	for ; err == nil; events++ {
		_, err = r.ReadEvent()
	}
	if err != io.EOF || events < 100 {
		t.Errorf("trace: %d events, then %v", events, err)
	}
}

// TestServeRefusesAnUnwritableTrace: a trace file that cannot be created
// stops -serve with its path, and the CPU profile started before it is
// stopped (another can start).
func TestServeRefusesAnUnwritableTrace(t *testing.T) {
	dir := t.TempDir()
	c := config{listen: "127.0.0.1:0", cpuProfile: filepath.Join(dir, "cpu.prof"), trace: filepath.Join(dir, "missing", "server.trace")}
	err := run(t.Context(), c, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "missing") {
		t.Fatalf("run: %v, want the trace's path", err)
	}
	if err := pprof.StartCPUProfile(io.Discard); err != nil {
		t.Errorf("the CPU profile was left running: %v", err)
	}
	pprof.StopCPUProfile()
}

// startAnsweringServer serves HTTP/2 over TLS, with at most streams
// requests a connection, and allows each request after delay.
func startAnsweringServer(t *testing.T, streams int, delay time.Duration) *httptest.Server {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		time.Sleep(delay)
		_, _ = w.Write([]byte(`{"response":{"allowed":true}}`))
	}))
	srv.EnableHTTP2 = true
	srv.Config.HTTP2 = &http.HTTP2Config{MaxConcurrentStreams: streams}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

// TestWarmUpRampsTheRate: the warm-up sends a quarter of the rate for a
// quarter second, half for another, then the whole rate for half a
// second: 25, 50 and 200 requests at 400/s, where the whole rate for the
// second would send 400.
func TestWarmUpRampsTheRate(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(constantAnswer(&n))
	defer srv.Close()
	client := newClient(clientOptions{})
	defer client.CloseIdleConnections()
	start := time.Now()
	warmUp(client, srv.URL, nil, 400)
	if took := time.Since(start); n.Load() != 25+50+200 || took < time.Second {
		t.Errorf("%d requests in %v; want 275 in a second", n.Load(), took)
	}
}
