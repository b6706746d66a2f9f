package cli

import (
	"fmt"
	"strings"
)

// textPrinter prints results as kubectl does: outcomes on stdout,
// warnings and documents that could not be checked on stderr.
type textPrinter struct {
	s streams
	// failuresOnly leaves out the lines of valid objects (--failures-only).
	failuresOnly bool
}

func newTextPrinter(s streams) resultPrinter { return &textPrinter{s: s} }

func (p *textPrinter) add(r *objectResult) error {
	switch r.verdict {
	case verdictUnusable:
		fmt.Fprintf(p.s.err, "error: %s: %s\n", r.source(), r.message())
		return nil
	case verdictSkipped:
		fmt.Fprintf(p.s.err, "Warning: %s: %s\n", r.source(), r.message())
		return nil
	}
	for i, w := range r.shownWarnings {
		fmt.Fprintf(p.s.err, "Warning: %s: %s: %s\n", r.sourceAt(r.warningLine(i)), r.subject(), printable(w))
	}
	src, msg := r.sourceAt(problemLine(r)), r.message()
	if msg == "" && p.failuresOnly {
		return nil
	}
	if msg == "" {
		msg = fmt.Sprintf("%s is valid (%s)", r.subject(), r.Operation)
	}
	if len(r.fieldErrs) > 0 {
		if r.Rejected != "" {
			// Strict field validation's refusal, then kval's own errors.
			if _, err := fmt.Fprintf(p.s.out, "%s: %s: %s\n", src, r.subject(), printable(r.Rejected)); err != nil {
				return err
			}
		}
		// Point at the first error's field, and name the others' lines.
		src = r.sourceAt(r.firstErrorLine())
		msg = strings.TrimSuffix(invalidMessageAt(r.Kind, r.messageName(), r.fieldErrs, r.fieldLines, r.MoreErrors), "\n")
	}
	_, err := fmt.Fprintf(p.s.out, "%s: %s\n", src, msg)
	return err
}

func (p *textPrinter) finish(t *tally) error {
	if _, err := fmt.Fprintln(p.s.out, t.line()); err != nil {
		return err
	}
	for _, line := range t.kindLines() {
		fmt.Fprintln(p.s.out, line)
	}
	return nil
}
