package manifest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzYAMLDecodeMatchesJSONRoundTrip decodes arbitrary bytes as one YAML
// document with decodeYAML and with the round trip through JSON: the
// values (Go types included) and the error texts must be the same, and
// when decodeYAML did not hand the document to the round trip, the JSON
// size it measured must be the length of the JSON.
func FuzzYAMLDecodeMatchesJSONRoundTrip(f *testing.F) {
	for _, input := range yamlEdgeCases {
		f.Add([]byte(input))
	}
	for _, path := range []string{
		"../testdata/corpus/gateway-api/examples/standard/http-filter.yaml",
		"../examples/objects/ledger.yaml",
	} {
		if data, err := os.ReadFile(filepath.FromSlash(path)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var stats diffStats
		compareDecoders(t, "fuzz", raw, &stats)
	})
}

// FuzzBlockYAMLExactOrDeclines decodes arbitrary bytes with the fast path,
// decodeBlockYAML: whenever it accepts them, yaml.v2 and the walk must
// decode them without error to the same value, and count the same JSON
// size and depth (see compareBlock).
func FuzzBlockYAMLExactOrDeclines(f *testing.F) {
	for _, input := range append(yamlEdgeCases, blockTrickyInputs...) {
		f.Add([]byte(input))
	}
	for _, c := range blockAccepted {
		f.Add([]byte(c.doc))
	}
	for _, c := range blockDeclined {
		f.Add([]byte(c.doc))
	}
	for _, path := range []string{
		"../testdata/builtin-objects/web.yaml",
		"../testdata/corpus/gateway-api/examples/standard/http-filter.yaml",
	} {
		if data, err := os.ReadFile(filepath.FromSlash(path)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		compareBlock(t, "fuzz", raw)
	})
}

// blockTrickyInputs are documents near the edges of what the fast path
// reads: indentation games, indicators inside and around scalars, numbers
// and words, duplicates, markers, unicode.
var blockTrickyInputs = []string{
	"a:\n  b: 1\n c: 2\n", "a:\n b:\n  c:\n   d: 1\n  e: 2\n", "a:\n- b\n -c\n", "a:\n  - b\n  c: d\n",
	"- - a\n", "a:\n- - b\n", "a: b: c\n", "a: 'b': c\n", "key: 'it''s'\n", "key: 'it'''\n", "key: ''''\n",
	"a: b   \nc:   d  \n", "a: b #c\nd: e#f\ng: 'h #i'\nj: \"k #l\"\n", "a: 'b: c'\nd: \"e: f\"\n",
	"key with spaces: v\n'quoted key': v\n\"dq key\": v\n", "a: -1\nb: 0x1F\nc: 1e3\nd: .5\ne: 1_000\nf: 0755\ng: YES\nh: ~\n",
	"a: 1\na: 1\n", "a: 1\nb:\n  a: 1\n  a: 2\n", "--- \na: 1\n", "---\n", "--- |\n  x\n", "---a: 1\n", "...\n",
	"a: 1\n--- \n", "ünï: cödé\n\"😀\": 🎉\n", "a: é\u00a0\n", "a:\n  b:\n    c:\n      d:\n        e: [f, {g: [h]}]\n",
	"a:\n-\n -\n  - b\n", "a:\n -\n - b\n", "a:  \n  - b\n  -  c\n  -   d: e\n      f: g\n",
	"a: |\n b\nc: >\n  d\n", "a: |\n\n\n  b\n\n\n", "a: >+\n  b\n\n", "a: |-\n\n", "a: >\n\n  b\n   c\n\n  d\n",
	"- |\n x\n", "a:\n- |\n x\n-\n  |\n  y\n", "a: |\n  b\n # c\n  d\n", "a: |\n  b\n   \n  c\n", "a: |\n  b\n    \n",
	"a: b\n  c: d\n", "a: b\n  - c\n", "a: b\n\n\n  c\n", "a: b\n # c\n  d\n", "a: 'b\n\n  c'\n", "a: \"b\n  \\\"c\\\"\"\n",
	"a: [b, [c, [d]], {e: f}]\n", "a: {b: [c], d: {e: f}}\n", "a: [ ]\nb: { }\n", "a: [b,c]\n", "a: [b ,c ]\n",
	"a: {b: c,d: e}\n", "a: [b:c]\n", "a: [http://x]\n", "a: {b: http://x}\n", "a: [-]\n", "a: [a?]\n",
	"a: <<\n<<: a\n", "=: a\n", "a: =\n", "a: 0o\n", "a: 0b\n", "a: -.5\nb: +.5\nc: 1.e3\n",
	"a: 2001-12-14\nb: 2001-12-14 21:59:43.10\nc: 2001-12-14t21:59:43.10-05:00\n",
	"1a: b\n-1: c\n", "0x1: a\n", "true: a\n", "True1: a\n", "nul: a\n", "n: a\n", "yes: a\n",
	"a:\n  b: 1\n\n\n  c: 2\n", "a:\n    b: 1\n    c: 2\n", "   a: 1\n   b: 2\n", "a:\n  # c\n  b: 1\n",
	"a: b\n  # c\nd: e\n", "a: b\n\t# c\n", "a: \"\\x41\"\n", "a: \"\\e\\a\\v\"\n", "a: '\\n'\n",
	strings.Repeat("a:\n ", 50) + "b\n", strings.Repeat("- ", 30) + "a\n",
}
