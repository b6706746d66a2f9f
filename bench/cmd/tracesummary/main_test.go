package main

import (
	"os"
	"path/filepath"
	"runtime/trace"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSummaryFindsTheWorkers traces four goroutines that spin and sleep
// and checks that the summary counts them in one class, named by the
// function they start in, with time running and time blocked asleep.
func TestSummaryFindsTheWorkers(t *testing.T) {
	file := filepath.Join(t.TempDir(), "trace.out")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Start(f); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go spinAndSleep(&wg)
	}
	wg.Wait()
	trace.Stop()
	f.Close()

	s, err := read(file)
	if err != nil {
		t.Fatal(err)
	}
	var found *class
	for name, c := range s.classes {
		if strings.HasPrefix(name, "tracesummary.spinAndSleep:") {
			found = c
		}
	}
	switch {
	case found == nil:
		t.Fatalf("no class for the test's go statement among %v", keys(s.classes))
	case found.n != 4:
		t.Errorf("%d goroutines, want 4", found.n)
	case found.running < time.Millisecond || found.blocked["sleep"] < 4*5*time.Millisecond:
		t.Errorf("running %v, asleep %v: want at least 1ms and 20ms", found.running, found.blocked["sleep"])
	}
}

func spinAndSleep(wg *sync.WaitGroup) {
	defer wg.Done()
	for end := time.Now().Add(2 * time.Millisecond); time.Now().Before(end); {
	}
	time.Sleep(5 * time.Millisecond)
}

func keys(m map[string]*class) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
