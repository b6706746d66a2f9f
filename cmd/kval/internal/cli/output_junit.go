package cli

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// junitPrinter writes JUnit XML: a test suite per file, a test case per
// document. Results come in input order, so the documents of a file are
// consecutive: one file's cases are kept until the next file starts, and
// each suite carries its own counts. The root element carries none, which
// would need every result held until the end.
type junitPrinter struct {
	s     streams
	suite *junitSuite
}

type junitSuite struct {
	XMLName  xml.Name    `xml:"testsuite"`
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	ClassName string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure"`
	Error     *junitProblem `xml:"error"`
	Skipped   *junitProblem `xml:"skipped"`
	SystemErr string        `xml:"system-err,omitempty"`
}

// junitProblem is a failure, an error or a skip: a one-line message and
// the whole text.
type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Text    string `xml:",chardata"`
}

func newJUnitPrinter(s streams) resultPrinter {
	fmt.Fprint(s.out, xml.Header+"<testsuites name=\"kval validate\">\n")
	return &junitPrinter{s: s}
}

func (p *junitPrinter) add(r *objectResult) error {
	name := r.File
	if r.Revision != "" {
		name = r.Revision + ":" + r.File
	}
	if p.suite != nil && p.suite.Name != name {
		if err := p.flush(); err != nil {
			return err
		}
	}
	if p.suite == nil {
		p.suite = &junitSuite{Name: name}
	}
	p.suite.add(junitCaseOf(r))
	return nil
}

func (s *junitSuite) add(c junitCase) {
	s.Tests++
	switch {
	case c.Failure != nil:
		s.Failures++
	case c.Error != nil:
		s.Errors++
	case c.Skipped != nil:
		s.Skipped++
	}
	s.Cases = append(s.Cases, c)
}

func junitCaseOf(r *objectResult) junitCase {
	c := junitCase{ClassName: r.File, File: r.File, Line: r.firstErrorLine(), Name: junitName(r)}
	if r.Revision != "" {
		c.File, c.Line = "", 0 // not a file of this checkout
	}
	msg := r.message()
	firstLine, _, _ := strings.Cut(msg, "\n")
	// "The Database "x" is invalid: " introduces a list of errors.
	firstLine = strings.TrimSuffix(strings.TrimSpace(firstLine), ":")
	switch r.verdict {
	case verdictInvalid:
		c.Failure = &junitProblem{Message: firstLine, Type: "Invalid", Text: msg}
	case verdictWarned:
		c.Failure = &junitProblem{Message: "warnings (--fail-on warning)", Type: "Warning", Text: strings.Join(r.shownWarnings, "\n")}
	case verdictUnusable:
		c.Error = &junitProblem{Message: firstLine, Text: msg}
	case verdictSkipped, verdictDeleted:
		c.Skipped = &junitProblem{Message: msg}
	}
	if r.verdict != verdictWarned && len(r.shownWarnings) > 0 {
		c.SystemErr = "Warning: " + strings.Join(r.shownWarnings, "\nWarning: ")
	}
	return c
}

// junitName names a test case: the document's place and object.
func junitName(r *objectResult) string {
	name := fmt.Sprintf("%s %s", r.source(), r.subject())
	if r.Operation != "" {
		name += " (" + r.Operation + ")"
	}
	return name
}

// flush writes the current suite.
func (p *junitPrinter) flush() error {
	out, err := xml.MarshalIndent(p.suite, "  ", "  ")
	p.suite = nil
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(p.s.out, "%s\n", out)
	return err
}

func (p *junitPrinter) finish(*tally) error {
	if p.suite != nil {
		if err := p.flush(); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintln(p.s.out, "</testsuites>")
	return err
}
