package cli

import "github.com/kval-dev/kval/cmd/kval/internal/startgc"

// collectLessOften keeps startgc.LessPercent, which every kval process
// starts with, unless GOGC is set (kval validate, kval serve).
func collectLessOften() { startgc.Set(startgc.LessPercent) }

// collectAsGoDoes gives a command Go's default percent back unless GOGC
// is set, except for the commands that keep the start's (see
// collectLessOften): lowering it before one of those would start the
// collection that startgc holds off.
func collectAsGoDoes(args []string) {
	switch firstCommand(args) {
	case "validate", "serve":
		return
	}
	startgc.Set(startgc.DefaultPercent)
}

// firstCommand is the first argument that is not a flag: the command
// cobra runs, or "" for the root's own flags (--version, --help).
func firstCommand(args []string) string {
	for _, a := range args {
		if a != "" && a[0] != '-' {
			return a
		}
	}
	return ""
}
