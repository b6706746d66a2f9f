package manifest

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func read(t *testing.T, input string) ([]Document, []error) {
	t.Helper()
	return ReadAll("in.yaml", strings.NewReader(input))
}

func TestYAMLDocumentsCarryTheirStartLine(t *testing.T) {
	docs, errs := read(t, "a: 1\n---\n# comment only\n---\nb: 2.5\nc: x\n--- # trailing comment\nd: true\n")
	if len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	want := []struct {
		line int
		obj  map[string]any
	}{
		{1, map[string]any{"a": int64(1)}},
		{5, map[string]any{"b": 2.5, "c": "x"}},
		{8, map[string]any{"d": true}},
	}
	if len(docs) != len(want) {
		t.Fatalf("got %d documents, want %d", len(docs), len(want))
	}
	for i, w := range want {
		if docs[i].Source.Line != w.line {
			t.Errorf("doc %d: line %d, want %d", i, docs[i].Source.Line, w.line)
		}
		if !reflect.DeepEqual(docs[i].Object, w.obj) {
			t.Errorf("doc %d: %#v, want %#v", i, docs[i].Object, w.obj)
		}
	}
}

func TestYAMLSyntaxErrorNamesTheFileLine(t *testing.T) {
	docs, errs := read(t, "a: 1\n---\nb: 2\nc: d: e\n---\nf: 3\n")
	if len(docs) != 2 {
		t.Fatalf("want the two good documents, got %d", len(docs))
	}
	if len(errs) != 1 {
		t.Fatalf("want one error, got %v", errs)
	}
	msg := errs[0].Error()
	if !strings.HasPrefix(msg, "in.yaml:3: ") || !strings.Contains(msg, "line 4") {
		t.Errorf("error should name the document start and the file line of the error: %q", msg)
	}
}

func TestDuplicateKeysAreErrors(t *testing.T) {
	for name, input := range map[string]string{
		"yaml": "a: 1\nb: 2\na: 3\n",
		"json": `{"a": 1, "b": {"c": 1, "c": 2}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, errs := read(t, input)
			if len(errs) != 1 {
				t.Fatalf("want one error, got %v", errs)
			}
			if !strings.Contains(errs[0].Error(), `"a"`) && !strings.Contains(errs[0].Error(), `"b.c"`) {
				t.Errorf("error should name the duplicate key: %v", errs[0])
			}
		})
	}
}

func TestJSONStreamAndNumbers(t *testing.T) {
	docs, errs := read(t, "{\"a\": 1, \"b\": 1.0, \"c\": 1e400}\n\n{\"d\": 9223372036854775807}\n")
	if len(errs) != 1 {
		t.Fatalf("want one error for the out-of-range number, got %v", errs)
	}
	if len(docs) != 1 {
		t.Fatalf("want one document, got %d", len(docs))
	}
	if got := docs[0].Object["d"]; got != int64(9223372036854775807) {
		t.Errorf("int64 not preserved: %#v", got)
	}
	if docs[0].Source.Line != 3 {
		t.Errorf("second JSON value starts on line 3, got %d", docs[0].Source.Line)
	}

	docs, errs = read(t, `{"a": 1, "b": 1.5}`)
	if len(errs) > 0 || docs[0].Object["a"] != int64(1) || docs[0].Object["b"] != 1.5 {
		t.Errorf("numbers: %#v %v", docs, errs)
	}
}

func TestJSONSyntaxErrorNamesTheLine(t *testing.T) {
	_, errs := read(t, "{\n  \"a\": 1,\n  \"b\": ,\n}\n")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "line 3") {
		t.Errorf("want an error on line 3, got %v", errs)
	}
}

func TestListsAreExpanded(t *testing.T) {
	docs, errs := read(t, "apiVersion: v1\nkind: List\nitems:\n- kind: A\n- 42\n- kind: B\n")
	if len(docs) != 2 || docs[0].Object["kind"] != "A" || docs[1].Object["kind"] != "B" {
		t.Fatalf("items not expanded: %#v", docs)
	}
	if docs[1].Source.Item != 2 || docs[1].Source.String() != "in.yaml:1 items[2]" {
		t.Errorf("item source: %v", docs[1].Source)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "items[1]") || !strings.Contains(errs[0].Error(), "not an object") {
		t.Errorf("want an error for the scalar item, got %v", errs)
	}
}

func TestDocumentsThatAreNotObjects(t *testing.T) {
	_, errs := read(t, "- a\n- b\n---\njust a string\n")
	if len(errs) != 2 {
		t.Fatalf("want two errors, got %v", errs)
	}
	for _, err := range errs {
		if !strings.Contains(err.Error(), "not an object") {
			t.Errorf("unexpected error: %v", err)
		}
	}
}

func TestInvalidSeparator(t *testing.T) {
	_, errs := read(t, "a: 1\n--- b: 2\n")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "invalid YAML document separator") {
		t.Errorf("got %v", errs)
	}
}

func TestDeepNestingIsAnErrorNotACrash(t *testing.T) {
	deep := strings.Repeat("[", 50000) + strings.Repeat("]", 50000)
	for name, input := range map[string]string{
		"json": `{"a": ` + deep + `}`,
		"yaml": "a: " + deep + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, errs := read(t, input)
			if len(errs) != 1 || !errors.Is(errs[0], errDepth) {
				t.Errorf("want the depth error, got %v", errs)
			}
		})
	}
}

func TestOversizedDocumentIsAnError(t *testing.T) {
	big := strings.Repeat("x", MaxDocumentBytes)
	for name, input := range map[string]string{
		"json": `{"a": "` + big + `"}` + "\n" + `{"b": 1}`,
		"yaml": "a: " + big + "\n---\nb: 1\n",
	} {
		t.Run(name, func(t *testing.T) {
			docs, errs := read(t, input)
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), "larger than") {
				t.Fatalf("want a size error, got %v", errs)
			}
			if len(docs) != 1 || docs[0].Object["b"] != int64(1) {
				t.Errorf("the document after the oversized one must still be read: %#v", docs)
			}
		})
	}
}

func TestTruncatedJSON(t *testing.T) {
	_, errs := read(t, `{"a": [1, 2`)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "unexpected end") {
		t.Errorf("got %v", errs)
	}
}

// TestExpandPathsReadsAMountedConfigMapOnce: kubelet mounts a ConfigMap as
// files linking into ..data, itself a link to a ..<timestamp> directory it
// swaps atomically; each file must be read once, through its link.
func TestExpandPathsReadsAMountedConfigMapOnce(t *testing.T) {
	dir := t.TempDir()
	stamped := filepath.Join(dir, "..2026_11_25_14_00_00.1")
	if err := os.Mkdir(stamped, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stamped, "crd.yaml"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"..data": filepath.Base(stamped), "crd.yaml": "..data/crd.yaml"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	files, err := ExpandPaths([]string{dir})
	if err != nil || len(files) != 1 || files[0] != filepath.Join(dir, "crd.yaml") {
		t.Errorf("got %q, %v; want only the linked crd.yaml", files, err)
	}
}

func TestDecodeObjectAppliesTheStreamLimits(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"a": 1, "b": 1.5}`, ""},
		{`[1]`, "a JSON array, not an object"},
		{`null`, "a JSON null, not an object"},
		{`{"a": 1, "a": 2}`, `duplicate field "a"`},
		{strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1), "nesting is deeper than 10000 levels"},
		{`{"a": "` + strings.Repeat("x", MaxDocumentBytes) + `"}`, "larger than 3145728 bytes"},
		{`{"a": `, "unexpected end of JSON input"},
	}
	for _, tc := range tests {
		obj, err := DecodeObject([]byte(tc.in))
		switch {
		case tc.want == "" && (err != nil || obj["a"] != int64(1) || obj["b"] != 1.5):
			t.Errorf("%.40s: got %v, %v", tc.in, obj, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%.40s: got %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

// TestFinishedReadersShareNoBuffer: a finished reader's buffer serves the
// next reader; the raw documents of the first stay as they were read, and
// the finished reader only answers io.EOF.
func TestFinishedReadersShareNoBuffer(t *testing.T) {
	first := NewReader("a.yaml", strings.NewReader("kind: A\n---\nkind: B\n"))
	var raws []Raw
	for {
		raw, err := first.NextRaw()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, raw)
	}
	second := NewReader("b.yaml", strings.NewReader("kind: C\n"))
	if _, err := second.Next(); err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"A", "B"} {
		docs := raws[i].Decode()
		if got := docs[0].Document.Object["kind"]; got != want {
			t.Errorf("document %d of a.yaml: kind %v after b.yaml was read, want %s", i, got, want)
		}
	}
	if _, err := first.NextRaw(); err != io.EOF {
		t.Errorf("a finished reader: %v, want io.EOF", err)
	}
}
