package gen

import (
	"fmt"
	"strings"

	"github.com/kval-dev/kval/gen/code"
)

// cohort is a group of checks whose short circuits stop only each other.
type cohort struct {
	name   string
	checks []code.Check
}

// cohorts groups checks: the default cohort first, then named cohorts in
// the order they first appear; within each, short circuits come first.
func cohorts(checks []code.Check) []cohort {
	var out []cohort
	index := map[string]int{}
	for _, c := range checks {
		i, ok := index[c.Cohort]
		if !ok {
			i = len(out)
			index[c.Cohort] = i
			out = append(out, cohort{name: c.Cohort})
		}
		out[i].checks = append(out[i].checks, c)
	}
	if i, ok := index[""]; ok && i > 0 {
		def := out[i]
		out = append([]cohort{def}, append(out[:i:i], out[i+1:]...)...)
	}
	for i := range out {
		out[i].checks = shortCircuitsFirst(out[i].checks)
	}
	return out
}

func shortCircuitsFirst(checks []code.Check) []code.Check {
	var first, rest []code.Check
	for _, c := range checks {
		if c.Flags.Has(code.ShortCircuit) {
			first = append(first, c)
		} else {
			rest = append(rest, c)
		}
	}
	return append(first, rest...)
}

// checks writes the statements running checks on the value held in n.
// Errors accumulate in errs; a failed short circuit returns errs.
func (r *renderer) checks(b *strings.Builder, checks []code.Check, n names) {
	for _, c := range cohorts(checks) {
		if c.name == "" {
			r.cohortBody(b, c.checks, n)
			continue
		}
		fmt.Fprintf(b, "// Checks of %s: a failed short circuit stops only these.\n", c.name)
		b.WriteString("errs = append(errs, func() (errs " + r.ref(fieldRef("ErrorList")) + ") {\n")
		r.cohortBody(b, c.checks, n)
		b.WriteString("return errs\n}()...)\n")
	}
}

func (r *renderer) cohortBody(b *strings.Builder, checks []code.Check, n names) {
	var shorts, rest []code.Check
	for _, c := range checks {
		if c.Flags.Has(code.ShortCircuit) {
			shorts = append(shorts, c)
		} else {
			rest = append(rest, c)
		}
	}
	r.shortCircuits(b, shorts, n)
	for _, c := range rest {
		writeComments(b, c.Comments)
		if c.Flags.Has(code.NonError) {
			b.WriteString("_ = " + r.call(c, n) + "\n")
			continue
		}
		b.WriteString("errs = append(errs, " + r.call(c, n) + "...)\n")
	}
}

// shortCircuits writes the short-circuit checks: all run, and if any
// failed, nothing after them does.
func (r *renderer) shortCircuits(b *strings.Builder, shorts []code.Check, n names) {
	switch len(shorts) {
	case 0:
		return
	case 1:
		c := shorts[0]
		writeComments(b, c.Comments)
		if c.Flags.Has(code.NonError) {
			b.WriteString("if " + r.failed(c, n) + " {\nreturn errs\n}\n")
			return
		}
		b.WriteString("if e := " + r.call(c, n) + "; len(e) != 0 {\nreturn append(errs, e.MarkShortCircuit()...)\n}\n")
		return
	}
	b.WriteString("stop := false\n")
	for _, c := range shorts {
		writeComments(b, c.Comments)
		if c.Flags.Has(code.NonError) {
			b.WriteString("if " + r.failed(c, n) + " {\nstop = true\n}\n")
			continue
		}
		b.WriteString("if e := " + r.call(c, n) + "; len(e) != 0 {\nerrs = append(errs, e.MarkShortCircuit()...)\nstop = true\n}\n")
	}
	b.WriteString("if stop {\nreturn errs\n}\n")
}

// failed renders the condition under which a non-error short circuit
// stops: an inline "not set" test when the check has one, else a call.
func (r *renderer) failed(c code.Check, n names) string {
	if c.Unset != nil && c.Level == code.Stable {
		return unsetTest(*c.Unset, n.value)
	}
	return "len(" + r.call(c, n) + ") != 0"
}

func unsetTest(u code.Unset, value string) string {
	switch u.Kind {
	case code.NilValue:
		return value + " == nil"
	case code.EmptyValue:
		return "len(" + value + ") == 0"
	}
	return "*" + value + " == " + u.Zero
}

func writeComments(b *strings.Builder, comments []string) {
	for _, c := range comments {
		b.WriteString("// " + c + "\n")
	}
}
