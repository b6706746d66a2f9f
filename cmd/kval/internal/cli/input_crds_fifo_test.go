//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInputCRDsLeaveFIFOsToTheRun: a FIFO among many files (a process
// substitution) is read once, by the run, at -j 4 too: read by the scan
// first, the run would wait for a second writer that never comes.
func TestInputCRDsLeaveFIFOsToTheRun(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, "../../../../examples/objects", filepath.Join(dir, "objects"))
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	text := readTestFile(t, "../../../../examples/objects/analytics.yaml")
	go func() {
		// Opening for writing waits for the one reader.
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString(text)
			f.Close()
		}
	}()
	done := make(chan string, 1)
	go func() {
		done <- validateAt(4, []string{"--crd", "../../../../examples/crd.yaml", fifo, filepath.Join(dir, "objects")})
	}()
	var out string
	select {
	case out = <-done:
	case <-time.After(time.Minute):
		t.Fatal("the run still waits for the FIFO after a minute: the scan read it")
	}
	if want := fifo + ":1: Database \"analytics\" is valid (create)"; !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
}
