package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestClientAndServerAsSeparateRuns starts the server alone (-serve, port 0)
// and points a client run at the address it prints (-server): every request
// is answered, for kval's webhook and for the baseline.
func TestClientAndServerAsSeparateRuns(t *testing.T) {
	for _, baseline := range []bool{false, true} {
		addr := startServeOnly(t, baseline)
		sent, errs := clientRun(t, config{server: addr, rates: "50", duration: 200 * time.Millisecond})
		if sent != 10 || errs != 0 {
			t.Errorf("baseline %v: sent %d, %d errors; want 10 sent, no errors", baseline, sent, errs)
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

// TestClientCountsAnAbsentServer: a client pointed where nothing serves
// counts every request as an error.
func TestClientCountsAnAbsentServer(t *testing.T) {
	sent, errs := clientRun(t, config{server: "127.0.0.1:1", rates: "20", duration: 200 * time.Millisecond})
	if sent != 4 || errs != 4 {
		t.Errorf("sent %d, %d errors; want 4 and 4", sent, errs)
	}
}

// TestExclusiveFlags: -serve with -server, or -baseline with -server, is
// refused.
func TestExclusiveFlags(t *testing.T) {
	for _, c := range []config{
		{listen: "127.0.0.1:0", server: "127.0.0.1:8443"},
		{server: "127.0.0.1:8443", baseline: true},
	} {
		if err := run(t.Context(), c, io.Discard); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// startServeOnly runs the server-only mode until the test ends and returns
// the address it prints.
func startServeOnly(t *testing.T, baseline bool) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, config{listen: "127.0.0.1:0", baseline: baseline}, w) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("-serve: %v", err)
		}
	})
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatalf("-serve printed nothing: %v", err)
	}
	go func() { _, _ = io.Copy(io.Discard, r) }()
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
	var out strings.Builder
	if err := run(t.Context(), c, &out); err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[2], "highest rate") {
		t.Fatalf("%+v printed:\n%s", c, out.String())
	}
	var rate int
	var p50, p99, maximum string
	if _, err := fmt.Sscan(lines[1], &rate, &sent, &p50, &p99, &maximum, &errs); err != nil {
		t.Fatalf("line %q: %v", lines[1], err)
	}
	return sent, errs
}
