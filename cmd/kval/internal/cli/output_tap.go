package cli

import (
	"fmt"
	"strings"
)

// tapPrinter writes TAP version 13: a test point per document, with the
// errors and warnings in a YAML block below it, and the plan last (TAP
// allows it there, so results stream).
type tapPrinter struct {
	s     streams
	count int
}

func newTAPPrinter(s streams) resultPrinter {
	fmt.Fprintln(s.out, "TAP version 13")
	return &tapPrinter{s: s}
}

func (p *tapPrinter) add(r *objectResult) error {
	p.count++
	status, directive := "ok", ""
	switch r.verdict {
	case verdictInvalid, verdictWarned, verdictUnusable:
		status = "not ok"
	case verdictSkipped:
		directive = " # SKIP " + strings.TrimPrefix(r.Skipped, "skipped: ")
	case verdictDeleted:
		directive = " # SKIP deleted, not validated"
	}
	line := fmt.Sprintf("%s %d - %s%s", status, p.count, tapEscape(junitName(r)), directive)
	if _, err := fmt.Fprintln(p.s.out, line); err != nil {
		return err
	}
	return p.diagnostics(r)
}

// diagnostics writes the YAML block of a test point that has something
// to say beyond its line.
func (p *tapPrinter) diagnostics(r *objectResult) error {
	block := map[string]any{}
	if (r.verdict == verdictInvalid || r.verdict == verdictUnusable) && len(r.Errors) == 0 {
		block["message"] = r.message()
	}
	if len(r.Errors) > 0 {
		block["errors"] = r.Errors
	}
	if len(r.shownWarnings) > 0 {
		block["warnings"] = r.shownWarnings
	}
	if len(block) == 0 {
		return nil
	}
	out, err := marshalYAML(block)
	if err != nil {
		return err
	}
	text := "  ---\n  " + strings.ReplaceAll(strings.TrimSuffix(string(out), "\n"), "\n", "\n  ") + "\n  ...\n"
	_, err = fmt.Fprint(p.s.out, text)
	return err
}

// tapEscape keeps a description on its line (control characters as
// printable writes them) and its "#" from reading as a directive.
func tapEscape(s string) string {
	return printable(strings.NewReplacer("\\", "\\\\", "#", "\\#").Replace(s))
}

func (p *tapPrinter) finish(t *tally) error {
	_, err := fmt.Fprintf(p.s.out, "1..%d\n# %s\n", p.count, t.line())
	return err
}
