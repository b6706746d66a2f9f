package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// referenceDir is the committed command reference.
const referenceDir = "../../../../docs/reference"

// TestReferenceIsCurrent: docs/reference holds exactly the pages
// referenceFiles writes from the commands; -update rewrites it.
func TestReferenceIsCurrent(t *testing.T) {
	want := referenceFiles()
	if *update {
		writeReference(t, want)
		return
	}
	got := readReference(t)
	for name, page := range want {
		switch have, ok := got[name]; {
		case !ok:
			t.Errorf("docs/reference/%s is missing (run the test with -update)", name)
		case have != page:
			t.Errorf("docs/reference/%s is out of date (run the test with -update and review the diff)", name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("docs/reference/%s documents no command (run the test with -update)", name)
		}
	}
}

// readReference returns the Markdown pages of docs/reference by name.
func readReference(t *testing.T) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(referenceDir)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") {
			data, err := os.ReadFile(filepath.Join(referenceDir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			pages[e.Name()] = string(data)
		}
	}
	return pages
}

// writeReference replaces docs/reference's pages with pages.
func writeReference(t *testing.T, pages map[string]string) {
	t.Helper()
	if err := os.MkdirAll(referenceDir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name := range readReference(t) {
		if err := os.Remove(filepath.Join(referenceDir, name)); err != nil {
			t.Fatal(err)
		}
	}
	for name, page := range pages {
		if err := os.WriteFile(filepath.Join(referenceDir, name), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// kvalCommands lists kval's own commands, the root first: every available
// command but cobra's completion commands.
func kvalCommands() []*cobra.Command {
	var cmds []*cobra.Command
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		cmds = append(cmds, c)
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				walk(sub)
			}
		}
	}
	walk(newRootCommand(streams{}))
	return cmds
}

// TestEveryCommandHasAnExample: every kval command's --help shows examples.
func TestEveryCommandHasAnExample(t *testing.T) {
	cmds := kvalCommands()
	if len(cmds) < 15 {
		t.Fatalf("found %d commands, want every kval command", len(cmds))
	}
	for _, c := range cmds {
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", c.CommandPath())
		}
	}
}

// TestReferencePagesShowWhatHelpPrints: each command's page holds what
// `kval CMD --help` prints: its usage line, examples and flags.
func TestReferencePagesShowWhatHelpPrints(t *testing.T) {
	pages := referenceFiles()
	for _, c := range kvalCommands() {
		args := append(strings.Fields(c.CommandPath())[1:], "--help")
		var out, errOut strings.Builder
		if code := Main(args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("kval %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
		}
		page := pages[referenceName(c)]
		for _, line := range helpLines(out.String()) {
			if !strings.Contains(page, line) {
				t.Errorf("kval %s prints %q, which %s lacks", strings.Join(args, " "), line, referenceName(c))
			}
		}
	}
}

// helpLines returns the lines of a --help output a reference page must
// hold: usage, examples and flags (the section titles and cobra's hints
// about subcommands aside), without their indentation.
func helpLines(help string) []string {
	var lines []string
	inSection := false
	for _, l := range strings.Split(help, "\n") {
		switch {
		case l == "Usage:" || l == "Examples:" || l == "Flags:" || l == "Global Flags:":
			inSection = true
		case l == "" || !strings.HasPrefix(l, " "):
			inSection = false
		case inSection && !strings.HasSuffix(l, " [command]"):
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	return lines
}
