package cli

import (
	"runtime"
	"runtime/debug"
)

// version is set by release builds (go build -ldflags "-X
// github.com/kval-dev/kval/cmd/kval/internal/cli.version=v1.2.3"); without
// it, kval --version says what the Go toolchain recorded: the module
// version of a go install from a tag, or the commit of a build from a clone.
var version string

// versionString is what kval --version prints after "kval ".
func versionString() string {
	info, _ := debug.ReadBuildInfo()
	return releaseOf(version, info) + " (" + runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")"
}

// releaseOf is the version of the build: the one set at link time, the
// module's, or "devel" and the commit (with "-dirty" for changes not
// committed).
func releaseOf(linked string, info *debug.BuildInfo) string {
	switch {
	case linked != "":
		return linked
	case info == nil:
		return "devel"
	case info.Main.Version != "" && info.Main.Version != "(devel)":
		return info.Main.Version
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	out := "devel"
	if rev := settings["vcs.revision"]; rev != "" {
		out += " " + rev[:min(len(rev), 12)]
	}
	if settings["vcs.modified"] == "true" {
		out += "-dirty"
	}
	return out
}
