package cli

import (
	"context"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
)

// pluginName is kval's name as a kubectl plugin: kubectl runs
// "kubectl kval ARGS" as "kubectl-kval ARGS", found on PATH (a symbolic
// link to kval will do). The arguments are kval's; only help and usage
// name the command differently.
const pluginName = "kubectl-kval"

// displayName is how help names the program invoked as arg0.
func displayName(arg0 string) string {
	if strings.TrimSuffix(filepath.Base(arg0), ".exe") == pluginName {
		return "kubectl kval"
	}
	return "kval"
}

// MainAs is Main for the program invoked as arg0 (os.Args[0]): kval, or
// kubectl-kval as a kubectl plugin.
func MainAs(arg0 string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return mainNamed(context.Background(), displayName(arg0), args, stdin, stdout, stderr)
}

// nameRoot makes help and usage name the root command name.
func nameRoot(root *cobra.Command, name string) {
	if name != root.Name() {
		root.Annotations = map[string]string{cobra.CommandDisplayNameAnnotation: name}
	}
}
