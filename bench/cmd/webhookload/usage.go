package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/pprof"
	"runtime/trace"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kval-dev/kval/webhook"
)

// usage is the CPU time a -serve process spends from its start of serving,
// and what it answered in that time.
type usage struct {
	cpu0    time.Duration
	served0 int64
	served  func() int64
	profile *os.File // nil without -cpuprofile
	trace   *os.File // nil without -trace
}

// startUsage takes the process's CPU time and request count now and starts
// the CPU profile and the execution trace that are asked for.
func startUsage(cpuProfile, traceFile string, served func() int64) (*usage, error) {
	u := &usage{cpu0: processCPU(), served0: served(), served: served}
	var err error
	if u.profile, err = startOutput(cpuProfile, pprof.StartCPUProfile); err != nil {
		return nil, err
	}
	if u.trace, err = startOutput(traceFile, trace.Start); err != nil {
		_ = u.stop() // the profile started: stop it before reporting the trace's error
		return nil, err
	}
	return u, nil
}

// startOutput creates path and starts writing to it, or does nothing for
// an empty path.
func startOutput(path string, start func(io.Writer) error) (*os.File, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := start(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// stop ends the profile and the trace and closes their files.
func (u *usage) stop() error {
	var errs []error
	if u.profile != nil {
		pprof.StopCPUProfile()
		errs = append(errs, u.profile.Close())
	}
	if u.trace != nil {
		trace.Stop()
		errs = append(errs, u.trace.Close())
	}
	return errors.Join(errs...)
}

// report stops the profile and the trace and prints the CPU time per
// request served since the start: the handshakes, HTTP, TLS, garbage
// collection and the admission logic, all of the server's work at the
// rates it was sent.
func (u *usage) report(out io.Writer) error {
	cpu, n := processCPU()-u.cpu0, u.served()-u.served0
	if err := u.stop(); err != nil {
		return err
	}
	perRequest := time.Duration(0)
	if n > 0 {
		perRequest = cpu / time.Duration(n)
	}
	fmt.Fprintf(out, "served %d admission requests with %v of CPU (user+sys): %v a request\n", n, cpu.Round(time.Millisecond), perRequest)
	return nil
}

// processCPU is the user and system CPU time of this process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// admissionRequests is the sum of kval_webhook_requests_total, read from
// the server's own /metrics.
func admissionRequests(s *webhook.Server) int64 {
	rec := httptest.NewRecorder()
	s.ProbeHandler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	var total float64
	lines := bufio.NewScanner(rec.Body)
	for lines.Scan() {
		name, value, ok := strings.Cut(lines.Text(), " ")
		if !ok || !strings.HasPrefix(name, "kval_webhook_requests_total{") {
			continue
		}
		if v, err := strconv.ParseFloat(value, 64); err == nil {
			total += v
		}
	}
	return int64(total)
}
