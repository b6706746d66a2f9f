package cli

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
)

// validateOutput counts validation results and hands them, in input
// order as they arrive, to the printer of the chosen format.
type validateOutput struct {
	s        streams
	opts     *validateOptions
	printer  resultPrinter
	tally    *tally
	status   int
	invalid  invalidCRDs
	progress *progress
}

func newValidateOutput(s streams, opts *validateOptions) *validateOutput {
	o := &validateOutput{opts: opts, tally: newTally(), invalid: invalidCRDs{}}
	// The progress line wraps stderr, so every message erases it first.
	o.progress = newProgress(&s)
	o.s = s
	o.printer = findFormat(opts.output).printer(s)
	if text, isText := o.printer.(*textPrinter); isText {
		text.failuresOnly = opts.failuresOnly
	}
	return o
}

// verdict is what a result counts as in the summary and the exit code.
type verdict int

const (
	verdictValid verdict = iota
	// verdictWarned is a valid object with warnings, under --fail-on warning.
	verdictWarned
	verdictInvalid
	// verdictUnusable is a document kval could not check (Error).
	verdictUnusable
	verdictSkipped
	// verdictDeleted is an object only the --base revision has.
	verdictDeleted
)

// add counts one result and prints it.
func (o *validateOutput) add(r objectResult) {
	// Pruned fields are warnings under Warn only: Strict makes them the
	// error, Ignore keeps quiet about them.
	showPruned := o.opts.mode() == engine.FieldValidationWarn
	r.shownWarnings = r.warnings(showPruned)
	// JSON and YAML list what the other formats show (unknown fields too).
	r.Warnings = r.shownWarnings
	r.locateWarnings(showPruned)
	r.verdict = o.verdictOf(&r)
	o.status = max(o.status, resultStatus(&r))
	if r.verdict == verdictWarned {
		o.status = max(o.status, ExitInvalid)
	}
	o.invalid.report(o.s.err, &r)
	o.tally.add(&r)
	if err := o.printer.add(&r); err != nil {
		o.fail(err)
	}
	o.progress.update(o.tally)
}

func (o *validateOutput) verdictOf(r *objectResult) verdict {
	switch {
	case r.Operation == deleteOperation:
		return verdictDeleted
	case r.Error != "":
		return verdictUnusable
	case r.Skipped != "":
		return verdictSkipped
	case len(r.Errors) > 0 || r.Rejected != "":
		return verdictInvalid
	case o.opts.failOnWarning() && len(r.shownWarnings) > 0:
		return verdictWarned
	}
	return verdictValid
}

// fail records an error that makes the input unusable.
func (o *validateOutput) fail(err error) {
	fmt.Fprintf(o.s.err, "error: %v\n", err)
	o.status = ExitBadInput
}

// finish closes the output with the summary and returns the exit status.
func (o *validateOutput) finish() error {
	o.progress.done()
	if err := o.printer.finish(o.tally); err != nil {
		o.fail(err)
	}
	t := o.tally
	if t.Valid+t.Invalid == 0 && o.status == ExitValid {
		o.status = reportNothingDone(o.s, "validated", t.count-t.Deleted, o.opts.failOnEmpty)
	}
	if o.status != ExitValid {
		return &exitError{code: o.status}
	}
	return nil
}

// warnings are the warnings about a result shown to users: the fields
// pruned (when showPruned) and the engine's warnings.
func (r *objectResult) warnings(showPruned bool) []string {
	var out []string
	if showPruned {
		for _, p := range r.Pruned {
			out = append(out, fmt.Sprintf("unknown field %q", p))
		}
	}
	return append(out, r.Warnings...)
}

// message is the result's outcome in kubectl's words, on one line or, for
// several errors, a bulleted list; "" for a valid object.
func (r *objectResult) message() string {
	switch {
	case r.Error != "":
		return printable(r.Error)
	case r.Skipped != "":
		return printable(r.APIVersion) + " " + r.subject() + ": " + printable(r.Skipped)
	case r.verdict == verdictDeleted:
		return r.subject() + " is deleted (not validated)"
	case r.unparsed:
		return "invalid document: " + printable(r.Rejected)
	case r.Rejected != "" && len(r.fieldErrs) > 0:
		// Strict field validation's refusal, and kval's own errors.
		return r.subject() + ": " + printable(r.Rejected) + "\n" + strings.TrimSuffix(invalidMessageAt(r.Kind, r.messageName(), r.fieldErrs, nil, r.MoreErrors), "\n")
	case r.Rejected != "":
		return r.subject() + ": " + printable(r.Rejected)
	case len(r.fieldErrs) > 0:
		return strings.TrimSuffix(invalidMessageAt(r.Kind, r.messageName(), r.fieldErrs, nil, r.MoreErrors), "\n")
	}
	return ""
}

// invalidMessage renders errors as kubectl prints kube-apiserver's Invalid
// status (engine.InvalidMessage), with its final newline.
func invalidMessage(kind, name string, errs field.ErrorList) string {
	return invalidMessageAt(kind, name, errs, nil, 0)
}

// invalidMessageAt is invalidMessage with, in a list of several causes,
// the line of each cause's field (lines[i] is errs[i]'s, 0 when unknown):
// the text output names the first line before the message; more counts
// errors not listed in errs.
func invalidMessageAt(kind, name string, errs field.ErrorList, lines []int, more int) string {
	msg := engine.NewInvalidMessage(kind, name, errs)
	msg.More += more
	for i := range msg.Causes {
		msg.Causes[i].Text = printable(msg.Causes[i].Text) // field paths hold the object's keys
	}
	for i, c := range msg.Causes {
		if line := lineOf(lines, c.Err); line > 0 && len(msg.Causes) > 1 {
			msg.Causes[i].Text += fmt.Sprintf(" (line %d)", line)
		}
	}
	return msg.String() + "\n"
}

func lineOf(lines []int, i int) int {
	if i < len(lines) {
		return lines[i]
	}
	return 0
}
