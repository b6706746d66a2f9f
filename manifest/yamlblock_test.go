package manifest

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// compareBlock decodes raw with the fast path and, when it accepts, with
// decodeYAMLv2 (yaml.v2 and the walk, the path it stands in for): that
// path must give no error and the same value, Go types included, and the
// walk must model the document and count the JSON size and depth the fast
// path counted. It reports whether the fast path accepted raw.
func compareBlock(t testing.TB, name string, raw []byte) bool {
	t.Helper()
	p := blockParser{src: raw}
	got, ok := p.document()
	if !ok {
		return false
	}
	want, err := decodeYAMLv2(raw, 7)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("%s: fast path = %#v\nyaml.v2 = %#v, %v\ninput: %.300q", name, got, want, err, raw)
		return true
	}
	walk, walked := walkOf(raw)
	if !walked || walk.size != p.walk.size || walk.depth != p.walk.depth {
		t.Errorf("%s: fast path counted %d bytes of JSON and depth %d, the walk %d and %d (modelled: %v)\ninput: %.300q",
			name, p.walk.size, p.walk.depth, walk.size, walk.depth, walked, raw)
	}
	return true
}

// blockShare counts the documents of a corpus the fast path accepted.
type blockShare struct {
	valid, accepted int // valid: documents yaml.v2 decodes without error
}

func (s blockShare) String() string {
	return fmt.Sprintf("%d of %d", s.accepted, s.valid)
}

// TestBlockYAMLMatchesYAMLv2OnFiles compares the fast path with yaml.v2 on
// every YAML document of the repository, and requires it to accept nearly
// all valid documents of the corpora people write.
func TestBlockYAMLMatchesYAMLv2OnFiles(t *testing.T) {
	shares := map[string]*blockShare{
		"../testdata/builtin-objects/":             {},
		"../examples/objects/":                     {},
		"../testdata/corpus/gateway-api/examples/": {},
		"": {}, // every document
	}
	for _, root := range []string{"../testdata", "../examples", "../conformance", "../cmd/kval/internal/cli/testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !isYAMLFile(path) {
				return err
			}
			compareBlockOnFile(t, filepath.ToSlash(path), shares)
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	for prefix, share := range shares {
		t.Logf("%q: fast path took %v valid documents", prefix, share)
		if share.valid < 5 || share.accepted*100 < share.valid*95 {
			t.Errorf("%q: fast path took only %v valid documents", prefix, share)
		}
	}
}

func isYAMLFile(path string) bool {
	return strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml")
}

// compareBlockOnFile compares the fast path with yaml.v2 on the whole file
// and on each document the reader cuts from it, counting these in the
// shares whose prefix the path has.
func compareBlockOnFile(t *testing.T, path string, shares map[string]*blockShare) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	compareBlock(t, path+" (whole)", data)
	r := NewReader(path, strings.NewReader(string(data)))
	for {
		raw, err := r.NextRaw()
		if err == io.EOF || r.JSON() {
			return
		}
		if err != nil {
			continue
		}
		accepted := compareBlock(t, raw.Source.String(), raw.data)
		_, slowErr := decodeYAMLv2(raw.data, 1)
		for prefix, share := range shares {
			if strings.HasPrefix(path, prefix) && slowErr == nil {
				share.valid++
				share.accepted += btoi(accepted)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// blockAccepted are documents of each construct the fast path reads, with
// the value it must give (compareBlock also holds it to yaml.v2's).
var blockAccepted = []struct {
	name, doc string
	want      any
}{
	{"block mapping", "a: b\nc: d\n", obj("a", "b", "c", "d")},
	{"nested mappings", "a:\n  b:\n    c: d\ne: f\n", obj("a", obj("b", obj("c", "d")), "e", "f")},
	{"root indented", "  a: 1\n  b: 2\n", obj("a", int64(1), "b", int64(2))},
	{"block sequence", "a:\n  - b\n  - c\n", obj("a", arr("b", "c"))},
	{"sequence at the key's column", "a:\n- b\n- c\nd: e\n", obj("a", arr("b", "c"), "d", "e")},
	{"compact mappings", "a:\n- b: 1\n  c: 2\n-   d: 3\n    e: 4\n", obj("a", arr(obj("b", int64(1), "c", int64(2)), obj("d", int64(3), "e", int64(4))))},
	{"compact mapping with a sequence", "a:\n- b:\n  - c\n- d\n", obj("a", arr(obj("b", arr("c")), "d"))},
	{"sequence of sequences", "a:\n-\n  - b\n-\n    - c\n", obj("a", arr(arr("b"), arr("c")))},
	{"null values", "a:\nb: ~\nc: null\nd:   # comment\ne:\n- \n-\n", obj("a", nil, "b", nil, "c", nil, "d", nil, "e", arr(nil, nil))},
	{"empty collections", "a: {}\nb: []\nc:\n- {}\n- []\n", obj("a", map[string]any{}, "b", []any{}, "c", arr(map[string]any{}, []any{}))},
	{"comments and blank lines", "# head\n\na: b # tail\n  # indented comment\n\nc: d#not a comment\n#\n", obj("a", "b", "c", "d#not a comment")},
	{"leading document marker", "--- # first\na: 1\n", obj("a", int64(1))},
	{"only comments", "# nothing\n\n", nil},
	{"plain strings", "a: 500m\nb: 1Gi\nc: nginx:1.2\nd: /path\ne: a b  c\nf: 17 3 * * *\n",
		obj("a", "500m", "b", "1Gi", "c", "nginx:1.2", "d", "/path", "e", "a b  c", "f", "17 3 * * *")},
	{"indicators inside plain scalars", "a: b-c?d:e,f[g]{h}#i&j*k!l|m>n'o\"p%q@r`s\nb: -c\nc: :d\nd: ?e\ne: <<\n",
		obj("a", "b-c?d:e,f[g]{h}#i&j*k!l|m>n'o\"p%q@r`s", "b", "-c", "c", ":d", "d", "?e", "e", "<<")},
	{"integers", "a: 8080\nb: 0\nc: -1\nd: 123456789012345678\ne: -123456789012345678\n",
		obj("a", int64(8080), "b", int64(0), "c", int64(-1), "d", int64(123456789012345678), "e", int64(-123456789012345678))},
	{"numbers yaml.v2 resolves", "a: 0x1F\nb: 0o17\nc: 0755\nd: 1_000\ne: 1e3\nf: .5\ng: 1.0\nh: +1\ni: -0\nj: 18446744073709551615\nk: 1.5\n",
		obj("a", int64(31), "b", int64(15), "c", int64(493), "d", int64(1000), "e", int64(1000), "f", 0.5, "g", int64(1), "h", int64(1), "i", int64(0), "j", 18446744073709551615.0, "k", 1.5)},
	{"strings that look like numbers", "a: 1.2.3\nb: 10.0.0.1\nc: 2024-01-01\nd: 12:30\ne: 1e\nf: 0x\ng: 3d\n",
		obj("a", "1.2.3", "b", "10.0.0.1", "c", "2024-01-01", "d", "12:30", "e", "1e", "f", "0x", "g", "3d")},
	{"words", "a: true\nb: False\nc: YES\nd: n\ne: On\nf: off\ng: tRUE\nh: Nope\ni: nullable\n",
		obj("a", true, "b", false, "c", true, "d", false, "e", true, "f", false, "g", "tRUE", "h", "Nope", "i", "nullable")},
	{"single-quoted", "a: 'it''s'\nb: ''\nc: ' # : x '\n'd e': 'f'  # c\n", obj("a", "it's", "b", "", "c", " # : x ", "d e", "f")},
	{"double-quoted", `a: "x\ty\n\"z\"\\ \0"` + "\nb: \"\"\n\"c: d\": \"#\"\n", obj("a", "x\ty\n\"z\"\\ \x00", "b", "", "c: d", "#")},
	{"quoted keys and values that resolve", "\"1\": '2'\n'true': \"null\"\n", obj("1", "2", "true", "null")},
	{"keys", "a b: 1\na:b: 2\n-c: 3\n.d: 4\n\"\": 5\ne  : 6\nf/g.h_i: 7\n",
		obj("a b", int64(1), "a:b", int64(2), "-c", int64(3), ".d", int64(4), "", int64(5), "e", int64(6), "f/g.h_i", int64(7))},
	{"flow collections", "a: [b, 'c', \"d\", 1, true, ~]\nb: {c: d, 'e': [f, {g: h}]}\nc: [ x y ,z ]\nd: { }\ne: [-1, -a]\n",
		obj("a", arr("b", "c", "d", int64(1), true, nil), "b", obj("c", "d", "e", arr("f", obj("g", "h"))), "c", arr("x y", "z"), "d", map[string]any{}, "e", arr(int64(-1), "-a"))},
	{"flow collections in sequences", "a:\n- [b]\n- {c: 1}\n", obj("a", arr(arr("b"), obj("c", int64(1))))},
	{"literal block scalars", "a: |\n  x\n\n   y\nb: |-\n  z\nc: |+\n  w\n\nd: |\ne: |  # c\n    # not a comment\n",
		obj("a", "x\n\n y\n", "b", "z", "c", "w\n\n", "d", "", "e", "# not a comment\n")},
	{"folded block scalars", "a: >\n  x\n  y\n\n  z\n   w\n  v\nb: >-\n  p\n  q\n", obj("a", "x y\nz\n w\nv\n", "b", "p q")},
	{"block scalars in sequences", "a:\n- |\n  x\n- b: >\n    y\n", obj("a", arr("x\n", obj("b", "y\n")))},
	{"block scalar without a last newline", "a: |\n  x", obj("a", "x")},
	{"plain scalar over lines", "a: b\n  c\n\n  d\n  # ends it\ne: f\n  - g\n", obj("a", "b c\nd", "e", "f - g")},
	{"quoted scalars over lines", "a: 'b\n  c  \n\n   d'\ne: \"f\\n\n  g\\ \n  h\"\n", obj("a", "b c\nd", "e", "f\n g  h")},
	{"unicode", "ключ: значение\nemoji: \"😀 é\"\nnbsp: a\u00a0b\n", obj("ключ", "значение", "emoji", "😀 é", "nbsp", "a\u00a0b")},
	{"characters JSON escapes", "a: <b> & c\n", obj("a", "<b> & c")},
}

// obj builds a map[string]any of key, value pairs.
func obj(pairs ...any) map[string]any {
	m := make(map[string]any, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		m[pairs[i].(string)] = pairs[i+1]
	}
	return m
}

func arr(items ...any) []any { return items }

func TestBlockYAMLAcceptedConstructs(t *testing.T) {
	for _, c := range blockAccepted {
		got, ok := decodeBlockYAML([]byte(c.doc))
		if !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, %v; want %#v", c.name, got, ok, c.want)
		}
		compareBlock(t, c.name, []byte(c.doc))
	}
}

// blockDeclined are documents the fast path declines, for each reason it
// has: valid or not, decodeYAMLv2 answers them.
var blockDeclined = []struct{ reason, doc string }{
	{"tab in indentation", "a:\n\tb: 1\n"},
	{"tab in a value", "a: b\tc\n"},
	{"carriage return", "a: b\r\n"},
	{"control character", "a: b\x01\n"},
	{"byte order mark", "\ufeffa: 1\n"},
	{"line separator", "a: b\u2028c\n"},
	{"next line", "a: b\u0085c\n"},
	{"invalid UTF-8", "a: \xff\n"},
	{"anchor", "a: &x 1\nb: *x\n"},
	{"alias", "a: *x\n"},
	{"tag", "a: !!str 1\n"},
	{"merge key", "b: {x: 1}\nc:\n  <<: {x: 2}\n"},
	{"quoted merge key", "'<<': 1\n"},
	{"complex key", "? a\n: b\n"},
	{"directive", "%YAML 1.1\n---\na: 1\n"},
	{"document marker inside", "a: 1\n---\nb: 2\n"},
	{"document end marker", "a: 1\n...\n"},
	{"two leading markers", "---\n---\na: 1\n"},
	{"text after the leading marker", "--- a\n"},
	{"duplicate key", "a: 1\na: 2\n"},
	{"duplicate quoted key", "a: 1\n'a': 2\n"},
	{"duplicate flow key", "a: {b: 1, b: 2}\n"},
	{"integer key", "1: a\n"},
	{"bool key", "on: push\n"},
	{"null key", "~: a\n"},
	{"float key", "1.5: a\n"},
	{"root scalar", "a\n"},
	{"root sequence", "- a\n"},
	{"root flow mapping", "{a: 1}\n"},
	{"compact sequence", "a:\n- - b\n"},
	{"mapping value in a value", "a: b: c\n"},
	{"sequence in a value", "a: - b\n"},
	{"scalar on the next line", "a:\n  b\n"},
	{"continuation with a key", "a: b\n  c: d\n"},
	{"line indented between levels", "a:\n    b: 1\n  c: 2\n"},
	{"line after a quoted scalar", "a: 'b'\n  c\n"},
	{"text after a quoted scalar", "a: 'b' c\n"},
	{"comment right after a quote", "a: 'b'#c\n"},
	{"unclosed quote", "a: 'b\n"},
	{"quoted scalar over a line not indented", "a: 'b\nc'\n"},
	{"escaped line break", "a: \"b\\\n  c\"\n"},
	{"unicode escape", `a: "\u00e9"` + "\n"},
	{"unknown escape", `a: "\/"` + "\n"},
	{"multi-line quoted key", "'a\n  b': c\n"},
	{"long key", strings.Repeat("k", maxKeyBytes+1) + ": v\n"},
	{"block scalar indentation indicator", "a: |2\n   x\n"},
	{"block scalar header text", "a: | x\n"},
	{"block scalar key", "|: x\n"},
	{"block scalar under a deeper empty line", "a: |\n     \n  x\n"},
	{"flow collection over lines", "a: [b,\n  c]\n"},
	{"flow trailing comma", "a: [b, ]\n"},
	{"flow empty entry", "a: [b, , c]\n"},
	{"flow pair in a sequence", "a: [b: c]\n"},
	{"flow key without value", "a: {b}\n"},
	{"flow key with empty value", "a: {b: }\n"},
	{"flow key without space", `a: {"b":1}` + "\n"},
	{"flow question mark", "a: [b?c]\n"},
	{"flow colon before a bracket", "a: [b:]\n"},
	{"flow comment", "a: [b #c\n  ]\n"},
	{"flow block entry", "a: [- b]\n"},
	{"text after a flow collection", "a: [b] c\n"},
	{"float value yaml.v2 cannot give JSON", "a: .nan\n"},
	{"infinity", "a: -.inf\n"},
	{"too deep", "a: " + strings.Repeat("[", blockMaxDepth) + strings.Repeat("]", blockMaxDepth)},
}

func TestBlockYAMLDeclines(t *testing.T) {
	for _, c := range blockDeclined {
		if value, ok := decodeBlockYAML([]byte(c.doc)); ok {
			t.Errorf("%s: accepted %q as %#v", c.reason, c.doc, value)
		}
	}
}

// TestBlockYAMLAtLimits checks the fast path on either side of
// MaxDocumentBytes (it accepts up to it and declines beyond, where
// decodeYAMLv2 refuses the document) and of blockMaxDepth (beyond which
// it declines documents that yaml.v2 decodes).
func TestBlockYAMLAtLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes documents of 3 MB")
	}
	for i, doc := range sizedDocuments() {
		over, aliased := i/5 == 2, i%5 == 3
		accepted := compareBlock(t, fmt.Sprintf("sized document %d", i), []byte(doc))
		if accepted != (!over && !aliased) {
			t.Errorf("sized document %d: accepted %v, over the limit %v", i, accepted, over)
		}
	}
	for _, depth := range []int{blockMaxDepth - 1, blockMaxDepth, blockMaxDepth + 1} {
		for _, doc := range nestedDocuments(depth) {
			accepted := compareBlock(t, fmt.Sprintf("depth %d", depth), []byte(doc))
			if accepted != (depth <= blockMaxDepth) {
				t.Errorf("depth %d: accepted %v\n%.200q", depth, accepted, doc)
			}
			if _, err := decodeYAMLv2([]byte(doc), 1); err != nil {
				t.Errorf("depth %d: %v", depth, err)
			}
		}
	}
}

// nestedDocuments nest block mappings, block sequences, and flow
// sequences in a mapping, to the given depth.
func nestedDocuments(depth int) []string {
	var mappings, sequences strings.Builder
	for i := range depth - 1 {
		fmt.Fprintf(&mappings, "%sa:\n", strings.Repeat(" ", i))
		fmt.Fprintf(&sequences, "%s-\n", strings.Repeat(" ", i+1))
	}
	fmt.Fprintf(&mappings, "%sa: 1\n", strings.Repeat(" ", depth-1))
	flow := "a: " + strings.Repeat("[", depth-1) + strings.Repeat("]", depth-1) + "\n"
	return []string{mappings.String(), "a:\n" + sequences.String()[1:], flow}
}

// TestPlainScalarsResolveAsYAMLv2 pins blockParser.plain, which resolves
// the common plain scalars itself, to yaml.v2: on every plain scalar of
// a large set, it must give what resolveWithYAMLv2 (yaml.v2 and the walk)
// gives, value, Go type and JSON size.
func TestPlainScalarsResolveAsYAMLv2(t *testing.T) {
	samples := plainScalarSamples()
	for _, text := range samples {
		var fast, slow blockParser
		got, gotOK := fast.plain([]byte(text), 1)
		want, wantOK := slow.resolveWithYAMLv2([]byte(text), 1)
		if gotOK != wantOK || !reflect.DeepEqual(got, want) || fast.walk.size != slow.walk.size {
			t.Errorf("%q: plain = %#v, %v (%d bytes); yaml.v2 = %#v, %v (%d bytes)",
				text, got, gotOK, fast.walk.size, want, wantOK, slow.walk.size)
		}
	}
	if len(samples) < 50000 {
		t.Fatalf("only %d samples", len(samples))
	}
}

// plainScalarSamples are plain scalars that start with any character and
// short ones of the characters numbers are written with, each spelling
// of the words of yamlWords, and numbers and near numbers.
func plainScalarSamples() []string {
	var out []string
	for c := byte(' ' + 1); c < 0x7f; c++ {
		for _, rest := range []string{"", "x", "1", "0", ".5", "e3", "_1", " y", "Z"} {
			out = append(out, string(c)+rest)
		}
	}
	numberish := "0123456789+-._eExXoObBaAfFiInNtTyY~:, m/"
	for _, a := range numberish {
		for _, b := range numberish {
			for _, c := range numberish {
				out = append(out, string(a)+string(b)+string(c))
			}
		}
	}
	for _, word := range yamlWordsFolded {
		out = append(out, letterCases(word)...)
	}
	out = append(out, "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "123456789012345678", "1234567890123456789", "-0", "+0", "00",
		"0b101", "-0b101", "0B1", "0o777", "0x_1F", "1_000_000", "1__0", "_1", "1e400", "-1e400", "4.9e-324", "1e-400",
		"685.230_15e+03", "190:20:30", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2002-12-14 21:59:43.10",
		".inf", "-.Inf", "+.INF", ".NaN", ".nan", "infinity", "-infinity", "nan", "0x1p-2", "1.", ".", "-.", "+", "-",
		"1.2.3", "10.0.0.1", "500m", "1Gi", "0.5", "-0.0", "1e3", "3.0", "9007199254740993", "0755", "08", "0x", "1e")
	var valid []string
	for _, text := range out {
		line := []byte(text)
		if text[0] != ' ' && plainStart(line, 0) && plainEnd(line, 0) == len(line) {
			valid = append(valid, text)
		}
	}
	return valid
}

// letterCases returns word in every combination of upper and lower case.
func letterCases(word string) []string {
	out := []string{""}
	for _, r := range word {
		var next []string
		for _, prefix := range out {
			for _, c := range []string{strings.ToLower(string(r)), strings.ToUpper(string(r))} {
				next = append(next, prefix+c)
			}
		}
		out = next
	}
	return out
}

// TestBlockYAMLScalarLinesAllocateLinearly: a scalar of many lines is built
// in one growing buffer. Copying it at each line (as the fast path once
// did for plain scalars) allocates the square of its length: 24 s for
// 200,000 lines. Bytes allocated are counted, not time.
func TestBlockYAMLScalarLinesAllocateLinearly(t *testing.T) {
	const lines = 20000
	for name, doc := range map[string]string{
		"plain":  "a: x\n" + strings.Repeat("  y\n", lines),
		"quoted": "a: 'x\n" + strings.Repeat("  y\n", lines) + "  '\n",
		"folded": "a: >\n" + strings.Repeat("  y\n", lines),
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		value, ok := decodeBlockYAML([]byte(doc))
		runtime.ReadMemStats(&after)
		if !ok || len(value.(map[string]any)["a"].(string)) < 2*lines {
			t.Fatalf("%s: declined, or a short value: %v", name, ok)
		}
		if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 20*uint64(len(doc)) {
			t.Errorf("%s: %d bytes allocated for a document of %d", name, allocated, len(doc))
		}
	}
}
