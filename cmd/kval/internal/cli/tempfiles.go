package cli

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// kval's temporary files (the copy of stdin, a --base revision's files)
// are removed when a run ends, and when SIGINT or SIGTERM ends it while
// they exist: a kval validate - interrupted while it copied a large stdin
// left gigabytes in $TMPDIR. The handler is installed while a temporary
// file exists and only then, so that kval serve, which drains on SIGTERM,
// keeps its own handling.

// tempFiles are the temporary paths of the process.
type tempFiles struct {
	mu    sync.Mutex
	paths map[string]bool
	sigs  chan os.Signal
	exit  func(code int) // os.Exit; tests replace it
}

var temps = &tempFiles{paths: map[string]bool{}, exit: os.Exit}

// add registers a temporary path, installing the handler for the first.
func (t *tempFiles) add(path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.paths) == 0 {
		t.sigs = make(chan os.Signal, 1)
		signal.Notify(t.sigs, syscall.SIGINT, syscall.SIGTERM)
		go t.removeOnSignal(t.sigs)
	}
	t.paths[path] = true
}

// remove removes a temporary path, and the handler with the last one.
func (t *tempFiles) remove(path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	_ = os.RemoveAll(path)
	if !t.paths[path] {
		return
	}
	delete(t.paths, path)
	if len(t.paths) == 0 {
		signal.Stop(t.sigs)
		close(t.sigs)
	}
}

// removeOnSignal removes every temporary path when a signal comes, and
// ends the process as the signal would have (128 + its number).
func (t *tempFiles) removeOnSignal(sigs <-chan os.Signal) {
	sig, ok := <-sigs
	if !ok {
		return
	}
	t.mu.Lock()
	for path := range t.paths {
		_ = os.RemoveAll(path)
	}
	t.mu.Unlock()
	t.exit(128 + int(sig.(syscall.Signal)))
}
