package cli

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
)

// sarifPrinter writes SARIF 2.1.0, as GitHub code scanning reads it: one
// result per field error (and per document refused or unreadable, per
// warning), located by file and line. Results stream; the tool and its
// rules, known only at the end, follow them in the run object.
type sarifPrinter struct {
	s       streams
	count   int
	rules   []sarifRule
	ruleIDs map[string]bool
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *sarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// kval's own rules, beside the field error types of kube-apiserver.
var (
	ruleInvalidDocument = sarifRule{"InvalidDocument", sarifMessage{"the document does not parse"}}
	ruleRejected        = sarifRule{"Rejected", sarifMessage{"kube-apiserver refuses the document before validating it"}}
	ruleNotValidated    = sarifRule{"NotValidated", sarifMessage{"kval could not check the document"}}
	ruleWarning         = sarifRule{"Warning", sarifMessage{"a warning kube-apiserver would return (an unknown field, a ratcheted error)"}}
)

func newSARIFPrinter(s streams) resultPrinter {
	fmt.Fprint(s.out, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n      \"results\": [")
	return &sarifPrinter{s: s, ruleIDs: map[string]bool{}}
}

func (p *sarifPrinter) add(r *objectResult) error {
	for _, res := range p.results(r) {
		if err := p.write(res); err != nil {
			return err
		}
	}
	return nil
}

// results are the SARIF results of one document.
func (p *sarifPrinter) results(r *objectResult) []sarifResult {
	var out []sarifResult
	add := func(rule sarifRule, level string, line int, text string) {
		p.use(rule)
		out = append(out, sarifResult{RuleID: rule.ID, Level: level, Message: sarifMessage{text}, Locations: sarifLocations(r, line)})
	}
	switch {
	case r.verdict == verdictUnusable:
		add(ruleNotValidated, "error", problemLine(r), r.message())
	case r.unparsed:
		add(ruleInvalidDocument, "error", problemLine(r), r.message())
	case r.Rejected != "":
		for _, l := range r.rejections() {
			add(ruleRejected, "error", l.line, l.msg)
		}
	}
	for i, e := range r.fieldErrs {
		add(sarifRule{string(e.Type), sarifMessage{e.Type.String()}}, "error", r.errorLine(i), fmt.Sprintf("%s: %s", r.subject(), e.Error()))
	}
	level := "warning"
	if r.verdict == verdictWarned {
		level = "error"
	}
	for i, w := range r.shownWarnings {
		add(ruleWarning, level, r.warningLine(i), fmt.Sprintf("%s: %s", r.subject(), w))
	}
	return out
}

// use lists a rule in the tool's rules, once.
func (p *sarifPrinter) use(rule sarifRule) {
	if !p.ruleIDs[rule.ID] {
		p.ruleIDs[rule.ID] = true
		p.rules = append(p.rules, rule)
	}
}

func (p *sarifPrinter) write(res sarifResult) error {
	item, err := marshalJSON(res, "        ", true)
	if err != nil {
		return err
	}
	sep := ","
	if p.count == 0 {
		sep = ""
	}
	p.count++
	_, err = fmt.Fprintf(p.s.out, "%s\n        %s", sep, item)
	return err
}

// sarifLocations locates a result of a document: its file (relative, as a
// URI, as code scanning matches it with the repository's files) and line,
// when known. Documents of stdin or of the --base revision have none.
func sarifLocations(r *objectResult, line int) []sarifLocation {
	if r.File == stdinName || r.Revision != "" {
		return nil
	}
	var loc sarifLocation
	loc.PhysicalLocation.ArtifactLocation.URI = (&url.URL{Path: filepath.ToSlash(r.File)}).String()
	if line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: line}
	}
	return []sarifLocation{loc}
}

var lineInMessage = regexp.MustCompile(`\bline (\d+)\b`)

// problemLine is the line to point at: where the document starts, for a
// document that does not parse the line its error names, for one strict
// field validation rejects its first unknown field's.
func problemLine(r *objectResult) int {
	if r.RejectedLine > 0 {
		return r.RejectedLine
	}
	if r.unparsed {
		if m := lineInMessage.FindStringSubmatch(r.Rejected); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil {
				return n
			}
		}
	}
	return r.Line
}

func (p *sarifPrinter) finish(*tally) error {
	if p.count > 0 {
		fmt.Fprint(p.s.out, "\n      ")
	}
	tool := map[string]any{"driver": map[string]any{
		"name":           "kval",
		"informationUri": "https://github.com/kval-dev/kval",
		"rules":          append([]sarifRule{}, p.rules...),
	}}
	out, err := marshalJSON(tool, "      ", true)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(p.s.out, "],\n      \"tool\": %s\n    }\n  ]\n}\n", out)
	return err
}
