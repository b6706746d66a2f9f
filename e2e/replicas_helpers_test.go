package e2e

import (
	"context"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// buildKval builds cmd/kval into the test's temporary directory.
func buildKval(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kval")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/kval")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/kval: %v\n%s", err, out)
	}
	return bin
}

// kvalReplica is one `kval serve` process, restartable on the same ports.
type kvalReplica struct {
	name         string
	args         []string
	addr, probes string // admission and probe host:port
	logs         *syncBuffer
	cmd          *exec.Cmd
	exited       chan error
}

// newKvalReplica runs bin's kval serve with the flags (and its own ports)
// until the test ends.
func newKvalReplica(t *testing.T, bin, name string, flags ...string) *kvalReplica {
	t.Helper()
	r := &kvalReplica{name: name, addr: freeLoopbackAddr(t), probes: freeLoopbackAddr(t), logs: &syncBuffer{}}
	r.args = append([]string{bin, "serve", "--listen", r.addr, "--probe-listen", r.probes, "--log-format", "text"}, flags...)
	r.start(t)
	t.Cleanup(func() {
		if r.cmd != nil {
			_ = r.cmd.Process.Kill()
			<-r.exited
		}
		if t.Failed() {
			t.Logf("%s's log:\n%s", r.name, r.logs)
		}
	})
	return r
}

func (r *kvalReplica) start(t *testing.T) {
	t.Helper()
	r.cmd = exec.Command(r.args[0], r.args[1:]...)
	r.cmd.Stdout, r.cmd.Stderr = r.logs, r.logs
	if err := r.cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", r.name, err)
	}
	r.exited = make(chan error, 1)
	go func() { r.exited <- r.cmd.Wait() }()
	poll(t, r.name+" ready", func(ctx context.Context) (bool, error) {
		resp, err := http.Get("http://" + r.probes + "/readyz")
		if err != nil {
			return false, nil
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// stop sends sig and waits for the process to end; it returns its error
// (nil after a clean exit).
func (r *kvalReplica) stop(t *testing.T, sig syscall.Signal, within time.Duration) error {
	t.Helper()
	if err := r.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signalling %s: %v", r.name, err)
	}
	select {
	case err := <-r.exited:
		r.cmd = nil
		return err
	case <-time.After(within):
		t.Fatalf("%s did not exit within %v of %v", r.name, within, sig)
		return nil
	}
}

func freeLoopbackAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}
