package manifest

import (
	"io"
	"reflect"
	"strings"
	"testing"
)

// located is a decoded document and the Raw it came from.
type located struct {
	raw Raw
	src Source
}

// documentsOf reads a stream and returns its documents (the items of a
// List each) with their Raw.
func documentsOf(t *testing.T, text string) []located {
	t.Helper()
	r := NewReader("f", strings.NewReader(text))
	var out []located
	for {
		raw, err := r.NextRaw()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range raw.Decode() {
			out = append(out, located{raw: raw, src: d.Source})
		}
	}
}

func TestFieldLines(t *testing.T) {
	yamlStream := `# a comment
apiVersion: v1
kind: Thing
metadata:
  name: a
  labels:
    app.kubernetes.io/name: x
spec:
  ports:
  - port: 80
  - name: b
    port: 81
---
# second document
kind: Thing
spec:
  size: 3
`
	jsonStream := "{\n  \"kind\": \"Thing\",\n  \"spec\": {\n    \"size\": 3\n  }\n}\n{\"kind\": \"Thing\",\n \"spec\": {\"size\": 4}}\n"
	listStream := `apiVersion: v1
kind: List
items:
- kind: Thing
  spec:
    size: 1
- kind: Thing
  spec:
    size: 2
`
	tests := []struct {
		name   string
		stream string
		doc    int
		paths  []string
		want   []int
	}{
		{"a field is on its key's line", yamlStream, 0, []string{"spec.ports", "metadata.name"}, []int{9, 5}},
		{"a list item is on its dash's line", yamlStream, 0, []string{"spec.ports[1]", "spec.ports[1].port"}, []int{11, 12}},
		{"a key's dots are not separators", yamlStream, 0, []string{"metadata.labels[app.kubernetes.io/name]"}, []int{7}},
		{"a missing field is on its nearest ancestor's line", yamlStream, 0, []string{"spec.ports[1].protocol", "spec.ports[7]", "spec.replicas"}, []int{11, 9, 8}},
		{"a path not in the document has no line", yamlStream, 0, []string{"status.phase", "", "<nil>"}, []int{0, 0, 0}},
		{"lines count from the document's start in its file", yamlStream, 1, []string{"spec.size"}, []int{17}},
		{"a JSON document is read as YAML", jsonStream, 0, []string{"spec.size"}, []int{4}},
		{"a second JSON document", jsonStream, 1, []string{"spec.size"}, []int{8}},
		{"a List's item is found under items", listStream, 1, []string{"spec.size", "spec"}, []int{9, 8}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := documentsOf(t, tt.stream)[tt.doc]
			got := doc.raw.FieldLines(doc.src, tt.paths)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("FieldLines(%q) = %v, want %v", tt.paths, got, tt.want)
			}
		})
	}
}

func TestFieldLinesOfTextThatDoesNotParseAreZero(t *testing.T) {
	raw := Raw{data: []byte("kind: [Thing\n")}
	got := raw.FieldLines(Source{Line: 1, Item: -1}, []string{"kind"})
	if got[0] != 0 {
		t.Errorf("line %d in text that does not parse, want 0", got[0])
	}
}

func TestSplitFieldPath(t *testing.T) {
	got := splitFieldPath("spec.a[0].b[x.y/z].c")
	want := []string{"spec", "a", "[0]", "b", "[x.y/z]", "c"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestFieldLinesDottedKeys: a dotted path that splits a key with dots
// ("data.webhook.github.secret" for the key "webhook.github.secret") is
// located at that key, not at its parent (issue 45 item 4).
func TestFieldLinesDottedKeys(t *testing.T) {
	raw := Raw{data: []byte("kind: Secret\ndata:\n  tls.crt: a\n  webhook.github.secret: b\n  plain: c\n")}
	got := raw.FieldLines(Source{Line: 1, Item: -1}, []string{"data.webhook.github.secret", "data.tls.crt", "data.plain", "data.missing.key"})
	if want := []int{4, 3, 5, 2}; !reflect.DeepEqual(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
}
