package cli

import (
	"bytes"
	"encoding/json"
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
	out, err := marshalYAML(printableValues(block))
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

// printableValues is v, a diagnostics block, with its strings on one line
// (control characters as printable writes them): a YAML block scalar would
// put a user's line break, and what follows it, at the start of an output
// line, where a CI log reads workflow commands.
func printableValues(v any) any {
	js, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var generic any
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber() // integers stay exact
	if dec.Decode(&generic) != nil {
		return v
	}
	return printableJSON(generic)
}

func printableJSON(v any) any {
	switch v := v.(type) {
	case string:
		return printable(v)
	case []any:
		for i := range v {
			v[i] = printableJSON(v[i])
		}
	case map[string]any:
		for k, e := range v {
			v[k] = printableJSON(e)
		}
	}
	return v
}
