package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestASignalWhileStdinIsCopiedRemovesTheCopy: SIGTERM while kval copies
// its stdin to a temporary file removes the file and exits 143.
func TestASignalWhileStdinIsCopiedRemovesTheCopy(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	exited := make(chan int, 1)
	temps.exit = func(code int) { exited <- code }
	defer func() { temps.exit = os.Exit }()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	go func() { spoolStdin(&streams{in: r}, nil) }()
	var spooled []string
	for deadline := time.Now().Add(5 * time.Second); len(spooled) == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		spooled, _ = filepath.Glob(filepath.Join(os.Getenv("TMPDIR"), "kval-stdin-*"))
	}
	if len(spooled) == 0 {
		t.Fatal("no copy of stdin")
	}
	defer temps.remove(spooled[0]) // the handler's state, for the tests after this one
	w.Write([]byte(strings.Repeat("x", 1<<20)))
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 143 {
			t.Errorf("exit %d, want 143", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the signal did not end the run")
	}
	if _, err := os.Stat(spooled[0]); !os.IsNotExist(err) {
		t.Errorf("%s left behind: %v", spooled[0], err)
	}
}
