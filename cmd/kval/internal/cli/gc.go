package cli

import (
	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/cmd/kval/internal/startgc"
)

// collectLessOften annotates the commands that keep the collection
// percent every kval process starts with (startgc.LessPercent) unless
// GOGC is set: kval validate and kval serve, whose live heap is small.
var collectLessOften = map[string]string{gcAnnotation: "less"}

const gcAnnotation = "kval.dev/gc"

// collectAsGoDoes gives the command args run Go's default percent back,
// unless GOGC is set or the command is annotated collectLessOften
// (lowering the percent before one of those would start the collection
// that startgc holds off).
func collectAsGoDoes(root *cobra.Command, args []string) {
	if cmd, _, err := root.Find(args); err == nil && cmd.Annotations[gcAnnotation] == collectLessOften[gcAnnotation] {
		return
	}
	startgc.Set(startgc.DefaultPercent)
}
