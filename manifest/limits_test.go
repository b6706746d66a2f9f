package manifest

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadErrorsEndTheStream: a stream that fails (a directory, a closed
// descriptor, a timeout) is reported once and read no further, even when
// a later read would succeed.
func TestReadErrorsEndTheStream(t *testing.T) {
	for name, in := range map[string]io.Reader{
		"yaml fails for good": &failingReader{data: "a: 1\n---\nb: 2\n---\nc: 3\n", failAt: 9},
		"json fails for good": &failingReader{data: `{"a": 1} {"b": 2} {"c": 3}`, failAt: 12},
		"timeout once (yaml)": iotest.TimeoutReader(iotest.OneByteReader(strings.NewReader("a: 1\n---\nb: 2\n"))),
		"timeout once (json)": iotest.TimeoutReader(iotest.OneByteReader(strings.NewReader(`{"a": 1} {"b": 2}`))),
		"fails at once":       iotest.ErrReader(errInjected),
		"fails after spaces":  &failingReader{data: "     \n  " + `{"a": 1}`, failAt: 4},
	} {
		t.Run(name, func(t *testing.T) {
			docs, errs := ReadAll("in", in)
			var readErr *ReadError
			if len(errs) != 1 || !errors.As(errs[0], &readErr) || readErr.Source.File != "in" {
				t.Fatalf("want one *ReadError, got %v (and %d documents)", errs, len(docs))
			}
			if len(docs) > 1 {
				t.Errorf("documents after the failure were read: %v", docs)
			}
			if !strings.Contains(readErr.Error(), "in:") || !strings.Contains(readErr.Error(), "reading stopped") {
				t.Errorf("message %q", readErr)
			}
		})
	}
}

func TestAStdinThatIsADirectoryIsOneError(t *testing.T) {
	dir, err := os.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	_, errs := ReadAll("<stdin>", dir)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "is a directory") {
		t.Errorf("got %v", errs)
	}
}

// endless is a newline-free stream of n bytes of 'x', then tail.
type endless struct {
	n    int64
	tail *strings.Reader
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return e.tail.Read(p)
	}
	p = p[:min(int64(len(p)), e.n)]
	for i := range p {
		p[i] = 'x'
	}
	e.n -= int64(len(p))
	return len(p), nil
}

// TestALongLineIsNotBufferedWhole: 200 MB without a newline is dropped
// piece by piece once the document cannot hold it; the next document is read.
func TestALongLineIsNotBufferedWhole(t *testing.T) {
	for name, head := range map[string]string{"yaml": "a: ", "comment": "# ", "json": `{"a": "`} {
		t.Run(name, func(t *testing.T) {
			tail := "\n---\nb: 1\n"
			if name == "json" {
				tail = "\"}\n{\"b\": 1}"
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			docs, errs := ReadAll("in", io.MultiReader(strings.NewReader(head), &endless{n: 200 << 20, tail: strings.NewReader(tail)}))
			runtime.ReadMemStats(&after)
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), "document is larger than") {
				t.Fatalf("want a size error, got %v", errs)
			}
			if len(docs) != 1 || docs[0].Object["b"] != int64(1) {
				t.Errorf("the next document was not read: %v", docs)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
				t.Errorf("allocated %d MiB to read past a 200 MiB line", alloc>>20)
			}
		})
	}
}

// TestTheLimitIsOnJSON: comments, indentation and JSON whitespace do not
// count against MaxDocumentBytes (kubectl sends compact JSON); the text
// as read is bounded by MaxTextBytes.
func TestTheLimitIsOnJSON(t *testing.T) {
	comments := strings.Repeat("# "+strings.Repeat("c", 98)+"\n", 33000) // 3.3 MB
	spaces := strings.Repeat(" ", 4<<20)
	tests := []struct{ name, in, wantErr string }{
		{"yaml comments", "a: 1\n" + comments + "b: 2\n", ""},
		{"yaml indentation", "a:\n" + strings.Repeat("                b: 1\n", 1) + comments, ""},
		{"json whitespace", `{"a":` + spaces + `1, "b": 2}`, ""},
		{"yaml too much text", "a: 1\n" + strings.Repeat(comments, 6), "of text, comments included"},
		{"json too much text", `{"a":` + strings.Repeat(spaces, 5) + `1}`, "of text, comments included"},
		{"yaml data", "a: " + strings.Repeat("x", MaxDocumentBytes) + "\n", "larger than 3145728 bytes as JSON"},
		{"json data", `{"a": "` + strings.Repeat("x", MaxDocumentBytes) + `"}`, "larger than 3145728 bytes as JSON"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			docs, errs := read(t, tc.in)
			switch {
			case tc.wantErr == "" && (len(errs) > 0 || len(docs) != 1):
				t.Errorf("want one document, got %v", errs)
			case tc.wantErr != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.wantErr)):
				t.Errorf("want an error with %q, got %v", tc.wantErr, errs)
			}
		})
	}
}

// TestMergeKeysOverrideAsKubectlDoes: a key after "<<: *base" overrides
// the merged one, as sigs.k8s.io/yaml (kubectl's decoder) has it; a key
// written twice is still an error.
func TestMergeKeysOverrideAsKubectlDoes(t *testing.T) {
	docs, errs := read(t, "base: &base\n  engine: postgres\n  version: \"16\"\nspec:\n  <<: *base\n  engine: mysql\n")
	if len(errs) > 0 {
		t.Fatalf("merge key override refused: %v", errs)
	}
	want := map[string]any{"engine": "mysql", "version": "16"}
	if got := docs[0].Object["spec"]; !reflect.DeepEqual(got, want) {
		t.Errorf("spec %v, want %v", got, want)
	}
	_, errs = read(t, "---\nbase: &base\n  engine: postgres\nspec:\n  <<: *base\n  engine: mysql\n  engine: db2\n")
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `line 7: key "engine" already set in map`) {
		t.Errorf("want the duplicate on line 7, got %v", errs)
	}
}

func TestNumbersOutOfRangeNameTheirField(t *testing.T) {
	tests := []struct{ in, want string }{
		{"{\"spec\": {\n  \"sizes\": [1,\n 1e400]}}", "in.yaml:1: line 3: spec.sizes[1]: "},
		{`{"a": {"b": 1}, "c": [{"d": -1e999}]}`, "in.yaml:1: line 1: c[0].d: "},
		{"a: 1\nspec:\n  size: .inf\n", "in.yaml:1: line 3: spec.size: .inf is not a number JSON can hold"},
	}
	for _, tc := range tests {
		_, errs := read(t, tc.in)
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%q: got %v, want %q...", tc.in, errs, tc.want)
		}
	}
	if _, err := DecodeObject([]byte(`{"x": [1e400]}`)); err == nil || !strings.HasPrefix(err.Error(), "x[0]: ") {
		t.Errorf("DecodeObject: %v", err)
	}
}

func TestABadSeparatorKeepsTheDocumentBeforeIt(t *testing.T) {
	docs, errs := read(t, "a: 1\n--- b: 2\nc: 3\n")
	if len(docs) != 2 || docs[0].Object["a"] != int64(1) || docs[1].Object["c"] != int64(3) {
		t.Errorf("documents %v", docs)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "in.yaml:2: invalid YAML document separator: b: 2") {
		t.Errorf("errors %v", errs)
	}
}

// TestReadAtReadsTheSameDocumentAgain: every document a Reader returns is
// read again, identical, from its Source.
func TestReadAtReadsTheSameDocumentAgain(t *testing.T) {
	for name, in := range map[string]string{
		"yaml": "# head\na: 1\n---\n# c\n{b: [1, 2.5]}\n---\napiVersion: v1\nkind: List\nitems: [{c: x}, {d: y}]\n--- # x\ne: |\n  # not a comment\n",
		"json": "  {\"a\": 1.0}\n\n[{\"b\": 2}]{\"apiVersion\": \"v1\", \"kind\": \"List\", \"items\": [{\"c\": 1}, {\"d\": 2}]}",
	} {
		t.Run(name, func(t *testing.T) {
			r := NewReader("in", strings.NewReader(in))
			stream := strings.NewReader(in)
			for n := 0; ; n++ {
				doc, err := r.Next()
				if err == io.EOF {
					return
				}
				if err != nil {
					continue
				}
				again, err := ReadAt(stream, doc.Source, r.JSON())
				if err != nil || !slices.ContainsFunc(again, func(d Document) bool { return reflect.DeepEqual(d, doc) }) {
					t.Errorf("document %d: %+v, %v; want %+v among them", n, again, err, doc)
				}
			}
		})
	}
}

func TestExpandPathsGoesOnPastAnUnreadableDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads every directory (the hostile suite runs this as nobody)")
	}
	dir := t.TempDir()
	for _, p := range []string{"a.yaml", "locked/b.yaml", "z/c.yaml"} {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), []byte("a: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	files, err := ExpandPaths([]string{dir})
	var unreadable *UnreadableError
	if !errors.As(err, &unreadable) || len(unreadable.Dirs) != 1 || unreadable.Dirs[0].Dir != locked {
		t.Fatalf("want the locked directory reported, got %v", err)
	}
	if want := []string{filepath.Join(dir, "a.yaml"), filepath.Join(dir, "z/c.yaml")}; !reflect.DeepEqual(files, want) {
		t.Errorf("files %q, want %q", files, want)
	}
}
