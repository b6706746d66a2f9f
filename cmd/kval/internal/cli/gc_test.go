package cli

import (
	"runtime/debug"
	"testing"

	"github.com/kval-dev/kval/cmd/kval/internal/startgc"
)

// gcPercent is the collection percent now.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestCommandsGetTheirCollectionPercent: kval validate and kval serve keep
// the percent the process started with; every other command, and the
// root's own flags, get Go's default back; GOGC wins over both.
func TestCommandsGetTheirCollectionPercent(t *testing.T) {
	defer debug.SetGCPercent(gcPercent())
	t.Setenv("GOGC", "")
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"validate", "--crd", "crd.yaml", "objects/"}, startgc.LessPercent},
		{[]string{"serve", "--crd", "crd.yaml"}, startgc.LessPercent},
		{[]string{"lint", "crd.yaml"}, startgc.DefaultPercent},
		{[]string{"gen", "crd", "./..."}, startgc.DefaultPercent},
		{[]string{"--version"}, startgc.DefaultPercent},
		{[]string{"validate", "-j", "2", "x.yaml"}, startgc.LessPercent},
	} {
		debug.SetGCPercent(startgc.LessPercent)
		collectAsGoDoes(newRootCommand(streams{}), tc.args)
		if got := gcPercent(); got != tc.want {
			t.Errorf("%q: percent %d, want %d", tc.args, got, tc.want)
		}
	}
	t.Setenv("GOGC", "50")
	debug.SetGCPercent(50)
	if collectAsGoDoes(newRootCommand(streams{}), []string{"lint"}); gcPercent() != 50 {
		t.Errorf("with GOGC=50 lint's percent is %d", gcPercent())
	}
}
