package engine

import (
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// InvalidMessage is an Invalid status (Err's 422) as kubectl prints it:
// "The Kind "name" is invalid: " followed by its one cause, or by its
// causes as a bulleted list; frontends that print a verdict in kubectl's
// words share it.
type InvalidMessage struct {
	Kind, Name string
	Causes     []Cause
	// More counts the errors past MaxAnsweredErrors, not listed.
	More int
}

// Cause is one cause of an Invalid status in kubectl's words,
// "field: detail". Err is the index of the first error that says it.
type Cause struct {
	Text string
	Err  int
}

// NewInvalidMessage lists errs as kubectl lists the causes: in order, each
// text once, the first MaxAnsweredErrors as Err's answer lists them.
func NewInvalidMessage(kind, name string, errs field.ErrorList) InvalidMessage {
	m := InvalidMessage{Kind: kind, Name: name}
	errs, m.More = ListedErrors(errs)
	seen := map[string]bool{}
	for i, e := range errs {
		if text := e.Field + ": " + e.ErrorBody(); !seen[text] {
			seen[text] = true
			m.Causes = append(m.Causes, Cause{Text: text, Err: i})
		}
	}
	return m
}

// String is the message, without kubectl's final newline.
func (m InvalidMessage) String() string {
	prefix := "The " + m.Kind + " " + strconv.Quote(m.Name) + " is invalid: "
	if len(m.Causes) == 1 && m.More == 0 {
		return prefix + m.Causes[0].Text
	}
	var b strings.Builder
	b.WriteString(prefix)
	for _, c := range m.Causes {
		b.WriteString("\n* " + c.Text)
	}
	if m.More > 0 {
		b.WriteString("\n* and " + strconv.Itoa(m.More) + " more errors")
	}
	return b.String()
}
