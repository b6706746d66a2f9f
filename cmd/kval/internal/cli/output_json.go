package cli

import (
	"fmt"
	"strings"
)

// jsonPrinter streams {"results": [...], "summary": {...}}.
type jsonPrinter struct {
	s       streams
	results *jsonResults
}

func newJSONPrinter(s streams) resultPrinter {
	return &jsonPrinter{s: s, results: startJSONResults(s.out)}
}

func (p *jsonPrinter) add(r *objectResult) error { return p.results.add(r) }

func (p *jsonPrinter) finish(t *tally) error {
	summary, err := marshalJSON(t, "  ", true)
	if err != nil {
		return err
	}
	p.results.end()
	_, err = fmt.Fprintf(p.s.out, ",\n  \"summary\": %s\n}\n", summary)
	return err
}

// yamlPrinter streams the same document as jsonPrinter, in YAML.
type yamlPrinter struct {
	s     streams
	count int
}

func newYAMLPrinter(s streams) resultPrinter {
	fmt.Fprintln(s.out, "results:")
	return &yamlPrinter{s: s}
}

func (p *yamlPrinter) add(r *objectResult) error {
	p.count++
	return p.item(r, "- ", "  ")
}

// item writes v indented as an item of the document, the first line
// after first and the others after rest.
func (p *yamlPrinter) item(v any, first, rest string) error {
	out, err := marshalYAML(v)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	for i, line := range lines {
		prefix := rest
		if i == 0 {
			prefix = first
		}
		if _, err := fmt.Fprintln(p.s.out, prefix+line); err != nil {
			return err
		}
	}
	return nil
}

func (p *yamlPrinter) finish(t *tally) error {
	if p.count == 0 {
		fmt.Fprintln(p.s.out, "  []")
	}
	fmt.Fprintln(p.s.out, "summary:")
	return p.item(t, "  ", "  ")
}
