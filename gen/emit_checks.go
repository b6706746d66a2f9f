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
// Errors accumulate in errs; a failed short circuit returns errs. last says
// that nothing follows these statements in the function.
func (r *renderer) checks(b *strings.Builder, checks []code.Check, n names, last bool) {
	all := cohorts(checks)
	for i, c := range all {
		if c.name == "" || !stopsOthers(c.checks) {
			r.cohortBody(b, c.checks, n, last && i == len(all)-1 || c.name != "")
			continue
		}
		fmt.Fprintf(b, "// Checks of %s: a failed short circuit stops only these.\n", c.name)
		b.WriteString("errs = append(errs, func() (errs " + r.ref(fieldRef("ErrorList")) + ") {\n")
		r.cohortBody(b, c.checks, n, true)
		b.WriteString("return errs\n}()...)\n")
	}
}

// stopsOthers reports whether a cohort has a short circuit with checks
// after it to stop; only then does it need a scope of its own.
func stopsOthers(checks []code.Check) bool {
	var shorts, rest bool
	for _, c := range checks {
		if c.Flags.Has(code.ShortCircuit) {
			shorts = true
		} else {
			rest = true
		}
	}
	return shorts && rest
}

func (r *renderer) cohortBody(b *strings.Builder, checks []code.Check, n names, last bool) {
	var shorts, rest []code.Check
	seen := map[string]bool{}
	for _, c := range checks {
		if !c.Flags.Has(code.ShortCircuit) {
			rest = append(rest, c)
			continue
		}
		// The same guard may arrive twice (a tag's own and an inherited
		// one); testing it once is enough.
		if key := r.call(c, n); c.Flags.Has(code.NonError) && seen[key] {
			continue
		} else {
			seen[key] = true
		}
		shorts = append(shorts, c)
	}
	if len(rest) == 0 && last {
		r.finalShortCircuits(b, shorts, n)
	} else {
		r.shortCircuits(b, shorts, n)
	}
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

// finalShortCircuits writes short circuits that nothing follows: their
// errors are kept, and guards, which stop nothing, are left out.
func (r *renderer) finalShortCircuits(b *strings.Builder, shorts []code.Check, n names) {
	for _, c := range shorts {
		if c.Flags.Has(code.NonError) {
			continue
		}
		writeComments(b, c.Comments)
		b.WriteString("errs = append(errs, " + r.call(c, n) + ".MarkShortCircuit()...)\n")
	}
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
