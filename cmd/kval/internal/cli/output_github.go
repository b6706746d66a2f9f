package cli

import (
	"fmt"
	"strings"
)

// githubPrinter writes GitHub Actions workflow commands: an ::error per
// field error (and per document refused or unreadable), a ::warning per
// warning, a ::notice per deleted object, each with the file and line
// GitHub annotates; then the summary as plain lines for the log.
type githubPrinter struct{ s streams }

func newGitHubPrinter(s streams) resultPrinter { return &githubPrinter{s: s} }

func (p *githubPrinter) add(r *objectResult) error {
	for _, c := range githubCommands(r) {
		if _, err := fmt.Fprintln(p.s.out, c); err != nil {
			return err
		}
	}
	return nil
}

func githubCommands(r *objectResult) []string {
	var out []string
	add := func(command string, line int, message string) {
		out = append(out, fmt.Sprintf("::%s %s::%s", command, githubProperties(r, line), githubEscape(message)))
	}
	switch {
	case r.verdict == verdictDeleted:
		add("notice", problemLine(r), r.message())
	case r.verdict == verdictUnusable || r.Rejected != "":
		for _, l := range r.rejections() {
			add("error", l.line, l.msg)
		}
	}
	for i, e := range r.fieldErrs {
		add("error", r.errorLine(i), fmt.Sprintf("%s: %s", r.subject(), e.Error()))
	}
	level := "warning"
	if r.verdict == verdictWarned {
		level = "error"
	}
	for i, w := range r.shownWarnings {
		add(level, r.warningLine(i), fmt.Sprintf("%s: %s", r.subject(), w))
	}
	return out
}

// githubProperties are the annotation's file, line (when known) and title.
func githubProperties(r *objectResult, line int) string {
	props := []string{}
	if r.File != stdinName {
		props = append(props, "file="+githubEscapeProperty(r.File))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
		}
	}
	props = append(props, "title="+githubEscapeProperty("kval: "+r.subject()))
	return strings.Join(props, ",")
}

// githubEscape escapes a command's message as @actions/core does, and
// every other control character as %XX too (GitHub shows those as they
// are: a raw escape would reach the log, and drive a terminal showing it).
func githubEscape(s string) string {
	return githubEscaper(s, false)
}

// githubEscapeProperty escapes a property value as @actions/core does,
// control characters as githubEscape.
func githubEscapeProperty(s string) string {
	return githubEscaper(s, true)
}

func githubEscaper(s string, property bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '%' || unprintable(r) || r == '\t' || property && (r == ':' || r == ','):
			fmt.Fprintf(&b, "%%%02X", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (p *githubPrinter) finish(t *tally) error {
	if _, err := fmt.Fprintln(p.s.out, t.line()); err != nil {
		return err
	}
	for _, line := range t.kindLines() {
		fmt.Fprintln(p.s.out, line)
	}
	return nil
}
