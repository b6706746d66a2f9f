package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// The command reference (docs/reference) is written from the commands
// themselves, with the texts `kval CMD --help` prints, so it cannot drift
// from the CLI: TestReferenceIsCurrent compares it with what
// referenceFiles returns.

// referenceFiles returns the command reference's Markdown files by name:
// one page per available command, cobra's completion commands included.
func referenceFiles() map[string]string {
	root := newRootCommand(streams{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	root.InitDefaultCompletionCmd()
	files := map[string]string{}
	addReferencePages(root, files)
	return files
}

// addReferencePages adds the pages of cmd and of its available
// subcommands to files.
func addReferencePages(cmd *cobra.Command, files map[string]string) {
	cmd.InitDefaultHelpFlag()
	cmd.InitDefaultVersionFlag()
	files[referenceName(cmd)] = referencePage(cmd)
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			addReferencePages(c, files)
		}
	}
}

// referenceName is the file name of cmd's page: kval_gen_crd.md.
func referenceName(cmd *cobra.Command) string {
	return strings.ReplaceAll(cmd.CommandPath(), " ", "_") + ".md"
}

// referencePage is cmd's page: what its --help prints, in sections.
func referencePage(cmd *cobra.Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", cmd.CommandPath())
	if !cmd.HasParent() {
		b.WriteString("<!-- Generated from kval's commands by `go test ./cmd/kval/internal/cli -run TestReferenceIsCurrent -update`. DO NOT EDIT. -->\n\n")
	}
	fmt.Fprintf(&b, "%s.\n\n", strings.TrimSuffix(cmd.Short, "."))
	if cmd.Long != "" {
		section(&b, "Description", "text", cmd.Long)
	}
	if cmd.Runnable() {
		section(&b, "Usage", "text", cmd.UseLine())
	}
	if cmd.Example != "" {
		section(&b, "Examples", "sh", dedent(cmd.Example))
	}
	if flags := cmd.NonInheritedFlags(); flags.HasAvailableFlags() {
		section(&b, "Flags", "text", flags.FlagUsages())
	}
	if flags := cmd.InheritedFlags(); flags.HasAvailableFlags() {
		section(&b, "Flags inherited from parent commands", "text", flags.FlagUsages())
	}
	commandLinks(&b, cmd)
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// section writes a heading and text in a fenced block of the language.
func section(b *strings.Builder, heading, lang, text string) {
	fmt.Fprintf(b, "## %s\n\n```%s\n%s\n```\n\n", heading, lang, strings.TrimRight(text, "\n "))
}

// commandLinks links cmd's subcommands and its parent.
func commandLinks(b *strings.Builder, cmd *cobra.Command) {
	var subs []*cobra.Command
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			subs = append(subs, c)
		}
	}
	if len(subs) > 0 {
		b.WriteString("## Commands\n\n")
		for _, c := range subs {
			fmt.Fprintf(b, "- [%s](%s): %s\n", c.CommandPath(), referenceName(c), c.Short)
		}
		b.WriteString("\n")
	}
	if p := cmd.Parent(); p != nil {
		fmt.Fprintf(b, "## See also\n\n- [%s](%s): %s\n\n", p.CommandPath(), referenceName(p), p.Short)
	}
}

// dedent removes the two spaces cobra's examples start each line with.
func dedent(example string) string {
	lines := strings.Split(example, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}
