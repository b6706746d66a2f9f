package cli

import (
	"fmt"
	"maps"
	"strings"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// requestedValues are the values of one check: -P files, then -p pairs
// over them, as kubectl kudo merges them.
type requestedValues struct {
	pairs, files []string
}

// read returns the values as Instance text; ov gives the type that turns a
// YAML list or map of a values file into YAML text.
func (r requestedValues) read(ov *params.OperatorVersion) (map[string]string, error) {
	out := map[string]string{}
	for _, file := range r.files {
		if err := readValuesFile(file, ov, out); err != nil {
			return nil, err
		}
	}
	for _, pair := range r.pairs {
		name, text, ok := strings.Cut(pair, "=")
		if !ok || name == "" {
			return nil, badInput("-p %q: want NAME=VALUE", pair)
		}
		out[name] = text
	}
	return out, nil
}

// readValuesFile reads a YAML map of parameter names to values.
func readValuesFile(path string, ov *params.OperatorVersion, out map[string]string) error {
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 {
		return badInput("%v", errs[0])
	}
	if len(docs) != 1 {
		return badInput("%s: want one YAML map of parameter values, found %d documents", path, len(docs))
	}
	for name, v := range docs[0].Object {
		text, err := valueText(ov, name, v)
		if err != nil {
			return badInput("%s: parameter %q: %v", path, name, err)
		}
		out[name] = text
	}
	return nil
}

func valueText(ov *params.OperatorVersion, name string, v any) (string, error) {
	t := params.String
	if p := ov.Parameter(name); p != nil {
		t = p.Type
	}
	if s, ok := v.(string); ok {
		return s, nil // the type is checked with the other values
	}
	return t.Text(v)
}

// merged returns base with values over it.
func merged(base, values map[string]string) map[string]string {
	out := maps.Clone(base)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, values)
	return out
}

// describeParams prints parameters as YAML text lines, sorted.
func describeParams(p map[string]string) string {
	out, err := marshalYAML(map[string]any{"spec": map[string]any{"parameters": p}})
	if err != nil {
		return fmt.Sprintf("%v\n", p)
	}
	return string(out)
}
