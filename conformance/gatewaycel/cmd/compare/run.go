package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// result is one `go test` process.
type result struct {
	wall    time.Duration // the go test process, start to exit
	pkg     time.Duration // the test binary: TestMain's setup (envtest's control plane) and the tests
	tests   time.Duration // the top-level tests only (they run one after another)
	passed  map[string]bool
	skipped int
}

// event is a line of `go test -json` (test2json).
type event struct {
	Action  string
	Test    string
	Elapsed float64
	Output  string
}

// runSuite runs the suite of c once, with -run run if not empty, and fails
// unless every test it ran passed.
func runSuite(c config, run string) (result, error) {
	args := []string{"test", "-count=1", "-json"}
	if c.tags != "" {
		args = append(args, "-tags", c.tags)
	}
	if run != "" {
		args = append(args, "-run", run)
	}
	args = append(args, pkg)
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	out, err := cmd.Output()
	r := result{wall: time.Since(start), passed: map[string]bool{}}
	name := c.channel + "/" + c.backend
	var failed []string
	var output strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			continue // a build error or other non-JSON line; cmd's error reports it
		}
		output.WriteString(e.Output)
		elapsed := time.Duration(e.Elapsed * float64(time.Second))
		switch {
		case e.Test == "" && e.Action == "pass":
			r.pkg = elapsed
		case e.Test == "":
		case e.Action == "pass":
			r.passed[e.Test] = true
			if !strings.Contains(e.Test, "/") {
				r.tests += elapsed
			}
		case e.Action == "fail":
			failed = append(failed, e.Test)
		case e.Action == "skip":
			r.skipped++
		}
	}
	if err != nil || len(failed) > 0 || r.skipped > 0 {
		return r, fmt.Errorf("%s: go %s: %v; failed %v, %d skipped\n%s%s",
			name, strings.Join(args, " "), err, failed, r.skipped, tail(output.String()), stderr.String())
	}
	if run == "" && len(r.passed) == 0 {
		return r, fmt.Errorf("%s: no test ran", name)
	}
	return r, nil
}

// tail is the end of a failed run's output, enough to see why.
func tail(s string) string {
	const max = 4000
	if len(s) > max {
		return "..." + s[len(s)-max:]
	}
	return s
}
