package early

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/kval-dev/kval/cmd/kval/internal/kvalbin"
	"github.com/kval-dev/kval/cmd/kval/internal/startgc"
)

// withoutGOGC is the environment without GOGC, plus extra.
func withoutGOGC(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GOGC=") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// TestInitSetsThePercentUnlessGOGCIs runs this test binary again, with and
// without GOGC, and has it report the percent its initialization left.
func TestInitSetsThePercentUnlessGOGCIs(t *testing.T) {
	if os.Getenv("STARTGC_REPORT") != "" {
		os.Stdout.WriteString(strconv.Itoa(debug.SetGCPercent(startgc.DefaultPercent)) + "\n")
		return
	}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{withoutGOGC("STARTGC_REPORT=1"), strconv.Itoa(startgc.LessPercent)},
		{withoutGOGC("STARTGC_REPORT=1", "GOGC=50"), "50"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestInitSetsThePercentUnlessGOGCIs$")
		cmd.Env = tc.env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v", tc.env[len(tc.env)-1], err)
		}
		if got, _, _ := strings.Cut(string(out), "\n"); got != tc.want {
			t.Errorf("with %s: the percent after initialization is %q, want %s", tc.env[len(tc.env)-1], got, tc.want)
		}
	}
}

// TestKvalSetsThePercentBeforeTheLargePackagesInitialize: in kval's own
// binary, the packages initialized before this one allocate less than
// half of what starts Go's first collection at its default percent
// (4 MB), and most of the initialization's allocation comes after it
// (GODEBUG=inittrace=1 prints each package's as it is initialized).
func TestKvalSetsThePercentBeforeTheLargePackagesInitialize(t *testing.T) {
	kval := filepath.Join(t.TempDir(), "kval")
	if err := kvalbin.Build(kval); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(kval, "--version")
	cmd.Env = withoutGOGC("GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("kval --version: %v\n%s", err, out)
	}
	before, after, found := initBytes(t, string(out), "github.com/kval-dev/kval/cmd/kval/internal/startgc/early")
	if !found || before > 2<<20 || after < before {
		t.Errorf("package initialization allocates %d bytes before package early and %d after (found: %v): want under 2 MiB before, and most after", before, after, found)
	}
}

// initBytes sums the bytes package initialization allocates before and
// after pkg's, from an inittrace ("init PKG @T ms, D ms clock, N bytes, M allocs").
func initBytes(t *testing.T, trace, pkg string) (before, after int, found bool) {
	t.Helper()
	for _, line := range strings.Split(trace, "\n") {
		f := strings.Fields(line)
		if len(f) < 9 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		switch {
		case f[1] == pkg:
			found = true
		case found:
			after += n
		default:
			before += n
		}
	}
	return before, after, found
}
