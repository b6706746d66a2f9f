package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionFlag(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "--version")
	if code != ExitValid || !strings.HasPrefix(stdout, "kval ") || !strings.Contains(stdout, runtime.Version()) || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestReleaseOf(t *testing.T) {
	clone := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"}}}
	for _, tc := range []struct {
		linked string
		info   *debug.BuildInfo
		want   string
	}{
		{"v1.2.3", clone, "v1.2.3"},
		{"", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}}, "v0.4.0"},
		{"", clone, "devel 0123456789ab-dirty"},
		{"", nil, "devel"},
	} {
		if got := releaseOf(tc.linked, tc.info); got != tc.want {
			t.Errorf("releaseOf(%q, ...) = %q, want %q", tc.linked, got, tc.want)
		}
	}
}
