package openapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// readDocs reads YAML documents as kval reads manifests.
func readDocs(t *testing.T, text string) []manifest.Document {
	t.Helper()
	docs, errs := manifest.ReadAll("test.yaml", strings.NewReader(text))
	if len(errs) > 0 {
		t.Fatalf("reading test input: %v", errs)
	}
	return docs
}

// parseSchema reads one schema written in YAML.
func parseSchema(t *testing.T, text string) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, readDocs(t, text)[0].Object)
	if len(errs) > 0 {
		t.Fatalf("parsing test schema: %v", errs)
	}
	return s
}

// parseCRD reads one CRD written in YAML.
func parseCRD(t *testing.T, text string) *schema.CRD {
	t.Helper()
	crd, errs := schema.DecodeCRD(readDocs(t, text)[0])
	if len(errs) > 0 {
		t.Fatalf("decoding test CRD: %v", errs)
	}
	return crd
}

// asJSON is v encoded and decoded again: plain JSON values to compare.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("encoding: %v", err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return out
}

// yamlJSON is a YAML value (any, not only a mapping) as plain JSON values.
func yamlJSON(t *testing.T, text string) any {
	t.Helper()
	wrapped := readDocs(t, "value:\n"+indent(text, "  "))[0].Object
	return asJSON(t, wrapped["value"])
}

// assertJSON compares a value's JSON with the expected JSON written in YAML.
func assertJSON(t *testing.T, got any, wantYAML string) {
	t.Helper()
	g, w := asJSON(t, got), yamlJSON(t, wantYAML)
	if !reflect.DeepEqual(g, w) {
		gotText, _ := json.MarshalIndent(g, "", "  ")
		wantText, _ := json.MarshalIndent(w, "", "  ")
		t.Errorf("got\n%s\nwant\n%s", gotText, wantText)
	}
}

// namespacedCRD is a CRD with the schema given (indented for the version).
func namespacedCRD(t *testing.T, schemaYAML string) *schema.CRD {
	t.Helper()
	return parseCRD(t, `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shapes.example.com}
spec:
  group: shapes.example.com
  scope: Namespaced
  names: {plural: widgets, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
`+indent(schemaYAML, "        "))
}

func indent(text, prefix string) string {
	lines := strings.Split(strings.Trim(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n") + "\n"
}

func readManifest(data []byte) ([]manifest.Document, []error) {
	return manifest.ReadAll("fuzz.yaml", strings.NewReader(string(data)))
}

// isStandard reports whether model has a standard definition.
func isStandard(model string) bool {
	f, err := standard()
	if err != nil {
		return false
	}
	_, ok := f.Definitions[model]
	return ok
}
