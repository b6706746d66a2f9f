package manifest

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	yamlv2 "go.yaml.in/yaml/v2"
	"sigs.k8s.io/yaml"
)

// diffStats counts what a differential run compared.
type diffStats struct {
	docs, fast, fallback, fallbackOK, unstable int
}

// compareDecoders decodes raw with decodeYAML and with the reference
// decodeViaJSON and fails on any difference of value (Go types included)
// or of error text. When the walk was taken, it also checks that the size
// it computed is the length of sigs.k8s.io/yaml's JSON.
func compareDecoders(t testing.TB, name string, raw []byte, stats *diffStats) {
	t.Helper()
	stats.docs++
	got, gotErr := decodeYAML(raw, 7)
	want, wantErr := decodeViaJSON(raw, 7)
	walk, fast := walkOf(raw)
	if fast {
		stats.fast++
		if js, err := yaml.YAMLToJSONStrict(raw); err != nil || len(js) != walk.size {
			t.Errorf("%s: walk measured %d bytes of JSON, the round trip wrote %d (%v)", name, walk.size, len(js), err)
		}
	} else {
		stats.fallback++
		if wantErr == nil {
			stats.fallbackOK++ // a document the walk could have answered faster
		}
	}
	if errText(gotErr) == errText(wantErr) && reflect.DeepEqual(got, want) {
		return
	}
	if !fast && roundTripCanGive(raw, got, gotErr) {
		stats.unstable++ // both went the round trip, whose answer varies
		return
	}
	t.Errorf("%s: decodeYAML = %#v, %v\nround trip = %#v, %v\ninput: %.300q", name, got, gotErr, want, wantErr, raw)
}

// walkOf is the walk decodeYAML does and whether it gave the answer.
func walkOf(raw []byte) (yamlWalk, bool) {
	var parsed any
	if err := yamlv2.UnmarshalStrict(raw, &parsed); err != nil {
		return yamlWalk{}, false
	}
	var w yamlWalk
	w.value(parsed, 1)
	return w, !w.unmodelled
}

// roundTripCanGive reports whether the round trip gives value and err for
// raw in one of many tries: its answer varies when two keys become one
// ("1" and 1.0000001), as Go's map order picks which value is kept.
func roundTripCanGive(raw []byte, value any, err error) bool {
	for range 500 {
		again, againErr := decodeViaJSON(raw, 7)
		if errText(againErr) == errText(err) && reflect.DeepEqual(again, value) {
			return true
		}
	}
	return false
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// compareFile compares the decoders on every YAML document of a file, as
// the reader cuts them, and on the whole file as one document.
func compareFile(t *testing.T, path string, stats *diffStats) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	compareDecoders(t, path+" (whole)", data, stats)
	r := NewReader(path, strings.NewReader(string(data)))
	for {
		raw, err := r.NextRaw()
		if err == io.EOF || r.JSON() {
			return
		}
		var readErr *ReadError
		if errors.As(err, &readErr) {
			t.Fatalf("%s: %v", path, err)
		}
		if err == nil {
			compareDecoders(t, raw.Source.String(), raw.data, stats)
		}
	}
}

// TestYAMLDecodeMatchesJSONRoundTripOnFiles compares the decoders on every
// manifest of the repository's corpora.
func TestYAMLDecodeMatchesJSONRoundTripOnFiles(t *testing.T) {
	var stats diffStats
	files := 0
	for _, root := range []string{"../testdata/corpus", "../testdata/projects", "../examples", "../cmd/kval/internal/cli/testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			files++
			compareFile(t, path, &stats)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files, %d documents: %d walked, %d through the round trip (%d of those without error, %d unstable)", files, stats.docs, stats.fast, stats.fallback, stats.fallbackOK, stats.unstable)
	if files < 300 || stats.fast < 700 {
		t.Fatalf("too few inputs: %d files, %d walked documents", files, stats.fast)
	}
}

// TestYAMLDecodeMatchesJSONRoundTripOnTestInputs compares the decoders on
// every string literal of the package's tests: the inputs of its other
// tests, and this file's edge cases.
func TestYAMLDecodeMatchesJSONRoundTripOnTestInputs(t *testing.T) {
	var stats diffStats
	for _, input := range testStringLiterals(t) {
		compareDecoders(t, "literal", []byte(input), &stats)
		r := NewReader("literal", strings.NewReader(input))
		for i := 0; i < 1000; i++ {
			raw, err := r.NextRaw()
			if err == io.EOF || r.JSON() {
				break
			}
			if err == nil {
				compareDecoders(t, raw.Source.String(), raw.data, &stats)
			}
		}
	}
	t.Logf("%d documents: %d walked, %d through the round trip (%d of those unstable)", stats.docs, stats.fast, stats.fallback, stats.unstable)
}

// testStringLiterals returns the string literals of the package's tests.
func testStringLiterals(t *testing.T) []string {
	paths, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, path := range paths {
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, s)
				}
			}
			return true
		})
	}
	return out
}
