package cli

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

func TestTheContainerMemoryLimitIsReadFromCgroups(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	v2, v2max, v1, v1unlimited := write("v2", "536870912\n"), write("v2max", "max\n"), write("v1", "268435456\n"), write("v1u", "9223372036854771712\n")
	for _, tc := range []struct {
		files []string
		want  int64
	}{
		{[]string{v2, v1}, 512 << 20},
		{[]string{v2max, v1}, 256 << 20},
		{[]string{filepath.Join(dir, "absent"), v1unlimited}, 0},
		{[]string{v2max}, 0},
	} {
		if got := containerMemoryLimit(tc.files); got != tc.want {
			t.Errorf("%v: %d, want %d", tc.files, got, tc.want)
		}
	}
}

func TestTheRuntimeGetsNinetyPercentOfTheContainerLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	previous := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(previous)
	p := filepath.Join(t.TempDir(), "memory.max")
	if err := os.WriteFile(p, []byte("536870912"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := applyMemoryLimit([]string{p}); got != 512<<20 {
		t.Errorf("limit %d, want 512 MiB", got)
	}
	if got := debug.SetMemoryLimit(-1); got != (512<<20)*9/10 {
		t.Errorf("runtime limit %d, want 90%% of 512 MiB", got)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	if got := applyMemoryLimit([]string{filepath.Join(t.TempDir(), "absent")}); got != 0 || debug.SetMemoryLimit(-1) != math.MaxInt64 {
		t.Errorf("without a limit: %d, and the runtime's changed", got)
	}
}
