package hostile

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kval-dev/kval/cmd/kval/internal/kvalbin"
)

// kval is the binary under test, built by TestMain; work is a directory
// every user can read (the unreadable-directory case runs kval as nobody).
var kval, work string

// floorMB is the peak resident memory of kval validating nothing on this
// machine, measured by TestMain (see rssBudget).
var floorMB int64

func TestMain(m *testing.M) {
	code, err := setUp(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hostile:", err)
		code = 1
	}
	os.RemoveAll(work)
	os.Exit(code)
}

func setUp(m *testing.M) (int, error) {
	var err error
	if work, err = os.MkdirTemp("", "kval-hostile-"); err != nil {
		return 0, err
	}
	if err := os.Chmod(work, 0o755); err != nil {
		return 0, err
	}
	kval = filepath.Join(work, "kval")
	if err := kvalbin.Build(kval); err != nil {
		return 0, err
	}
	crd, err := os.ReadFile("../../../../examples/crd.yaml")
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(filepath.Join(work, "crd.yaml"), crd, 0o644); err != nil {
		return 0, err
	}
	if floorMB, err = measureFloor(); err != nil {
		return 0, err
	}
	return m.Run(), nil
}

// full says whether to run the memory cases at the acceptance sizes.
func full() bool { return os.Getenv("KVAL_HOSTILE_FULL") != "" }

// crd is the bundled example CRD (Database, example.kval.dev/v1).
func crd() string { return filepath.Join(work, "crd.yaml") }

// run is one run of kval.
type run struct {
	args     []string
	stdin    any    // nil, a string, an io.Reader or an *os.File
	shell    string // run as sh -c 'exec kval "$@" <shell>' instead: redirections
	asNobody bool   // run as user nobody when the suite runs as root
}

// expect is what a run must give.
type expect struct {
	code     int
	stderr   []string      // substrings of stderr
	stdout   []string      // substrings of stdout
	once     string        // a substring stderr must hold exactly once
	onceOut  string        // a substring stdout must hold exactly once
	within   time.Duration // wall-clock bound, generous
	maxRSSMB int64         // peak resident memory bound, 0 for none
	maxOut   int64         // bound on stdout's size, 0 for none
}

// outcome is what a run gave.
type outcome struct {
	code           int
	stdout, stderr string
	outSize        int64
	elapsed        time.Duration
	rssMB          int64
}

// check runs kval and checks every expectation, and that kval did not
// crash (no runtime fatal error, no panic).
func check(t *testing.T, r run, want expect) outcome {
	t.Helper()
	got := start(t, r, want.within)
	t.Logf("exit %d in %v, peak RSS %d MB, %d bytes of output", got.code, got.elapsed.Round(time.Millisecond), got.rssMB, got.outSize)
	if got.code != want.code {
		t.Errorf("exit %d, want %d; stderr:\n%.2000s", got.code, want.code, got.stderr)
	}
	for _, s := range want.stderr {
		if !strings.Contains(got.stderr, s) {
			t.Errorf("stderr lacks %q:\n%.2000s", s, got.stderr)
		}
	}
	for _, s := range want.stdout {
		if !strings.Contains(got.stdout, s) {
			t.Errorf("stdout lacks %q:\n%.2000s", s, got.stdout)
		}
	}
	if want.once != "" && strings.Count(got.stderr, want.once) != 1 {
		t.Errorf("stderr holds %q %d times, want once:\n%.2000s", want.once, strings.Count(got.stderr, want.once), got.stderr)
	}
	if want.onceOut != "" && strings.Count(got.stdout, want.onceOut) != 1 {
		t.Errorf("stdout holds %q %d times, want once:\n%.2000s", want.onceOut, strings.Count(got.stdout, want.onceOut), got.stdout)
	}
	checkBounds(t, got, want)
	return got
}

func checkBounds(t *testing.T, got outcome, want expect) {
	t.Helper()
	for _, crash := range []string{"fatal error:", "panic:", "goroutine ", "internal error"} {
		if strings.Contains(got.stderr, crash) {
			t.Errorf("kval crashed (%q on stderr):\n%.3000s", crash, got.stderr)
		}
	}
	if got.elapsed > want.within {
		t.Errorf("took %v, bound %v", got.elapsed, want.within)
	}
	if budget := rssBudget(want.maxRSSMB); want.maxRSSMB > 0 && got.rssMB > budget {
		t.Errorf("peak RSS %d MB, budget %d MB (%d MB where kval's floor is %d MB; here it is %d MB)",
			got.rssMB, budget, want.maxRSSMB, referenceFloorMB, floorMB)
	}
	if want.maxOut > 0 && got.outSize > want.maxOut {
		t.Errorf("%d bytes of output, bound %d", got.outSize, want.maxOut)
	}
}

// start runs kval, killing it at four times the bound.
func start(t *testing.T, r run, within time.Duration) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*within)
	defer cancel()
	cmd := command(ctx, r)
	if err := setStdin(cmd, r.stdin); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	stdout := &headWriter{max: 1 << 20}
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	began := time.Now()
	err := cmd.Run()
	elapsed := time.Since(began)
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		t.Fatalf("running kval: %v", err)
	}
	return outcome{code: cmd.ProcessState.ExitCode(), stdout: stdout.String(), stderr: stderr.String(),
		outSize: stdout.n, elapsed: elapsed, rssMB: peakRSSMB(cmd.ProcessState)}
}

// peakRSSMB is an ended process's peak resident memory (getrusage's maxrss).
func peakRSSMB(p *os.ProcessState) int64 {
	return p.SysUsage().(*syscall.Rusage).Maxrss >> 10 // KiB on Linux
}

func command(ctx context.Context, r run) *exec.Cmd {
	cmd := exec.CommandContext(ctx, kval, r.args...)
	if r.shell != "" {
		cmd = exec.CommandContext(ctx, "sh", append([]string{"-c", `exec "$0" "$@" ` + r.shell, kval}, r.args...)...)
	}
	cmd.Dir = work
	if r.asNobody && os.Geteuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	return cmd
}

func setStdin(cmd *exec.Cmd, stdin any) error {
	switch in := stdin.(type) {
	case nil:
	case string:
		cmd.Stdin = strings.NewReader(in)
	case *os.File:
		cmd.Stdin = in
	case io.Reader:
		cmd.Stdin = in
	default:
		return fmt.Errorf("stdin of type %T", stdin)
	}
	return nil
}

// headWriter keeps the first max bytes written and counts them all.
type headWriter struct {
	buf bytes.Buffer
	max int
	n   int64
}

func (w *headWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if room := w.max - w.buf.Len(); room > 0 {
		w.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (w *headWriter) String() string { return w.buf.String() }

// file writes a file of the work directory and returns its path.
func file(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(work, t.Name(), name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// dirOf is the directory of the test's files.
// dirOf is the test's own directory under work; it is removed when the
// test ends, so that a run with -count=N finds it empty each time.
func dirOf(t *testing.T) string {
	dir := filepath.Join(work, t.Name())
	if _, registered := cleanups.LoadOrStore(t, true); !registered {
		t.Cleanup(func() {
			os.RemoveAll(dir)
			cleanups.Delete(t)
		})
	}
	return dir
}

// cleanups holds the tests whose directory dirOf removes when they end.
var cleanups sync.Map

// object is a small valid Database named name (about 180 bytes of YAML).
func object(name string) string {
	return "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: " + name +
		", namespace: ns}\nspec: {engine: postgres, version: \"16\", primaryZone: z1, replicas: 1}\n"
}
