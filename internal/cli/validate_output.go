package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validateOutput prints validation results as they arrive, in input order:
// text (kubectl's words), or one JSON or YAML document streamed item by item.
type validateOutput struct {
	s       streams
	format  string
	summary struct {
		Valid   int `json:"valid"`
		Invalid int `json:"invalid"`
	}
	unusable int
	skipped  int
	status   int
	count    int
	json     *jsonResults
	invalid  invalidCRDs
}

func newValidateOutput(s streams, format string) *validateOutput {
	o := &validateOutput{s: s, format: format, invalid: invalidCRDs{}}
	switch format {
	case "json":
		o.json = startJSONResults(s.out)
	case "yaml":
		fmt.Fprintln(s.out, "results:")
	}
	return o
}

// add prints one result and counts it.
func (o *validateOutput) add(r objectResult) {
	o.status = max(o.status, resultStatus(&r))
	o.invalid.report(o.s.err, &r)
	switch {
	case r.Error != "":
		o.unusable++
	case r.Skipped != "":
		o.skipped++
	case len(r.Errors) > 0 || r.Rejected != "":
		o.summary.Invalid++
	default:
		o.summary.Valid++
	}
	var err error
	switch o.format {
	case "json":
		err = o.json.add(&r)
	case "yaml":
		err = o.addYAML(&r)
	default:
		o.addText(&r)
	}
	if err != nil {
		o.fail(err)
	}
	o.count++
}

// fail records an error that makes the input unusable.
func (o *validateOutput) fail(err error) {
	fmt.Fprintf(o.s.err, "error: %v\n", err)
	o.status = ExitBadInput
}

func (o *validateOutput) addText(r *objectResult) {
	if r.Error != "" {
		fmt.Fprintf(o.s.err, "error: %s: %s\n", r.source(), r.Error)
		return
	}
	if r.Skipped != "" {
		fmt.Fprintf(o.s.err, "Warning: %s: %s %s: %s\n", r.source(), r.APIVersion, r.subject(), r.Skipped)
		return
	}
	for _, p := range r.Pruned {
		fmt.Fprintf(o.s.err, "Warning: %s: %s: unknown field %q\n", r.source(), r.subject(), p)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(o.s.err, "Warning: %s: %s: %s\n", r.source(), r.subject(), w)
	}
	if r.Rejected != "" {
		fmt.Fprintf(o.s.out, "%s: %s: %s\n", r.source(), r.subject(), r.Rejected)
		return
	}
	if len(r.fieldErrs) > 0 {
		fmt.Fprintf(o.s.out, "%s: %s", r.source(), invalidMessage(r.Kind, r.Name, r.fieldErrs))
		return
	}
	fmt.Fprintf(o.s.out, "%s: %s is valid (%s)\n", r.source(), r.subject(), r.Operation)
}

func (o *validateOutput) addYAML(r *objectResult) error {
	item, err := marshalYAML(r)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(item), "\n"), "\n")
	for i, line := range lines {
		prefix := "  "
		if i == 0 {
			prefix = "- "
		}
		if _, err := fmt.Fprintln(o.s.out, prefix+line); err != nil {
			return err
		}
	}
	return nil
}

// finish closes the output with the summary and returns the exit status.
func (o *validateOutput) finish(failOnEmpty bool) error {
	switch o.format {
	case "json":
		summary, _ := json.MarshalIndent(o.summary, "  ", "  ")
		o.json.end()
		fmt.Fprintf(o.s.out, ",\n  \"summary\": %s\n}\n", summary)
	case "yaml":
		if o.count == 0 {
			fmt.Fprintln(o.s.out, "  []")
		}
		fmt.Fprintf(o.s.out, "summary:\n  valid: %d\n  invalid: %d\n", o.summary.Valid, o.summary.Invalid)
	default:
		line := fmt.Sprintf("%d valid, %d invalid", o.summary.Valid, o.summary.Invalid)
		if o.unusable > 0 {
			line += fmt.Sprintf(", %d not validated", o.unusable)
		}
		if o.skipped > 0 {
			line += fmt.Sprintf(", %d skipped", o.skipped)
		}
		fmt.Fprintln(o.s.out, line)
	}
	if o.summary.Valid+o.summary.Invalid == 0 && o.status == ExitValid {
		o.status = reportNothingDone(o.s, "validated", o.count, failOnEmpty)
	}
	if o.status != ExitValid {
		return &exitError{code: o.status}
	}
	return nil
}

// invalidMessage renders errors as kubectl prints kube-apiserver's Invalid
// status: one cause inline, several as a bulleted list; duplicates once.
func invalidMessage(kind, name string, errs field.ErrorList) string {
	prefix := fmt.Sprintf("The %s %q is invalid: ", kind, name)
	var causes []string
	seen := map[string]bool{}
	for _, e := range errs {
		msg := fmt.Sprintf("%s: %s", e.Field, e.ErrorBody())
		if !seen[msg] {
			seen[msg] = true
			causes = append(causes, msg)
		}
	}
	if len(causes) == 1 {
		return prefix + causes[0] + "\n"
	}
	var b strings.Builder
	b.WriteString(prefix + "\n")
	for _, c := range causes {
		b.WriteString("* " + c + "\n")
	}
	return b.String()
}
