package manifest

import (
	"fmt"
	"strings"
	"testing"
)

// yamlEdgeCases are documents where converting YAML values to JSON's is
// delicate; the decoders must agree on each.
var yamlEdgeCases = []string{
	// Numbers: floats that JSON writes as integers, large, tiny, negative zero.
	"a: 1.0\nb: 1e20\nc: 1e21\nd: -0\ne: -0.0\nf: 0.1\ng: 1e-7\nh: 0.000001\ni: 3.0e0\n",
	"a: 9223372036854775807\nb: 9223372036854775808\nc: 18446744073709551615\nd: 18446744073709551616\n",
	"a: -9223372036854775808\nb: -9223372036854775809\nc: 9223372036854775807.0\nd: 9.223372036854775e18\n",
	"a: 9007199254740993\nb: 9007199254740993.0\nc: 1e308\nd: 1e309\ne: 4.9e-324\nf: 0x1F\ng: 0o17\nh: 017\ni: 1_000\n",
	"a: .inf\n", "a: -.Inf\n", "a: .NaN\n", "a: [1, .nan]\n", "a: {b: .inf, c: .nan}\n",
	"a: +1\nb: +.5\nc: .5\nd: 1.\ne: 6.8523015e+5\nf: 685.230_15e+03\ng: 190:20:30\nh: 190:20:30.15\n",
	// Keys that are not strings.
	"1: a\n2.5: b\ntrue: c\nno: d\n0x10: e\n1e3: f\n.inf: g\n-.inf: h\n.nan: i\n0.1: j\n1.000000001: k\n",
	"~: a\n", "null: a\nb: c\n", "18446744073709551615: a\n", "9223372036854775807: a\n",
	"1: a\n\"1\": b\n", "true: a\n\"true\": b\n", "1.0: a\n1: b\n", "? [a]\n: b\n", "? {a: 1}\n: b\n",
	"a: {~: 1}\n", "a: [{~: 1}, {2: 3}]\n", "2020-01-01: a\n",
	// Merge keys, anchors and aliases.
	"base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
	"base: &b {x: 1}\nd:\n  <<: *b\n  x: 1\n  x: 2\n",
	"a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n",
	"a: &a [1, 2]\nb: *a\nc: {d: *a}\n", "a: &x 1\nb: *x\n", "a: *missing\n",
	"a: &a {x: .nan}\nb:\n  <<: *a\n  x: 1\n",
	// Timestamps, binary, tags.
	"a: 2001-12-14t21:59:43.10-05:00\nb: 2002-12-14\nc: !!timestamp 2001-12-14\n",
	"a: !!binary aGVsbG8=\nb: !!binary /w==\nc: !!binary //79\n", "? !!binary /w==\n: a\n? !!binary /g==\n: b\n",
	"? !!binary /w==\n: a\n", "a: !!str 1\nb: !!int \"2\"\nc: !!float 3\nd: !custom x\ne: !!null ''\nf: !!bool yes\n",
	"a: !!set {x, y}\nb: !!omap [a: 1]\n",
	// Strings that JSON escapes, and invalid UTF-8.
	"a: \"<>&\\u2028\\u2029\\0\\b\\f\\t\\r\\n\\\"\\\\\\x7f\\x80\\xff\\e\"\n", "a: \"\\ud800\"\n",
	"a: \xff\n", "\xef\xbb\xbfa: 1\n", "a: \"\\U0001F600 é\"\n",
	// Empty, scalar and odd documents.
	"", "# only a comment\n", "---\n", "~\n", "null\n", "1\n", "[]\n", "{}\n", "- a\n- b\n", "a:\n", "a: []\nb: {}\n",
	"a: b\nb: c\na: d\n", "a: {b: 1, b: 2}\n", "a: [\n", "a: b: c\n", "\ta: 1\n", "a: 'unsupported value'\nb: .nan\n",
	"'unsupported value': 1\n'unsupported value': 2\nc: .nan\n",
	"apiVersion: v1\nkind: List\nitems: [{a: 1}, 2]\n",
}

func TestYAMLDecodeMatchesJSONRoundTripOnEdgeCases(t *testing.T) {
	var stats diffStats
	for _, input := range yamlEdgeCases {
		compareDecoders(t, "edge case", []byte(input), &stats)
	}
	t.Logf("%d documents: %d walked, %d through the round trip (%d of those unstable)", stats.docs, stats.fast, stats.fallback, stats.unstable)
}

// TestYAMLDecodeMatchesJSONRoundTripAtLimits compares the decoders on
// documents at MaxDocumentBytes and MaxDepth, on either side.
func TestYAMLDecodeMatchesJSONRoundTripAtLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 18 documents of 3 MB four times each")
	}
	var stats diffStats
	for _, input := range append(deepDocuments(), sizedDocuments()...) {
		compareDecoders(t, "large edge case", []byte(input), &stats)
	}
	t.Logf("%d documents: %d walked, %d through the round trip", stats.docs, stats.fast, stats.fallback)
}

// deepDocuments nest arrays around MaxDepth, directly and through an alias
// (yaml.v2 bounds the nesting it parses, not the nesting aliases build).
func deepDocuments() []string {
	var out []string
	for _, depth := range []int{MaxDepth - 1, MaxDepth, MaxDepth + 1} {
		out = append(out, strings.Repeat("[", depth)+strings.Repeat("]", depth)+"\n")
		half := depth / 2
		out = append(out, "a: &a "+strings.Repeat("[", half)+strings.Repeat("]", half)+"\nb: "+
			strings.Repeat("[", depth-half-1)+"*a"+strings.Repeat("]", depth-half-1)+"\n")
	}
	return out
}

// sizedDocuments are just under, at and just over MaxDocumentBytes as
// JSON, with plain text, with characters JSON escapes (so that the YAML is
// far smaller than its JSON), and with aliases that repeat a large value.
func sizedDocuments() []string {
	var out []string
	for _, delta := range []int{-1, 0, 1} {
		target := MaxDocumentBytes + delta
		plain := target - len(`{"a":""}`)
		out = append(out, "a: "+strings.Repeat("x", plain)+"\n")
		// '<' is 6 bytes of JSON; pad with 'y' to reach the target.
		lts := plain / 6
		out = append(out, "a: '"+strings.Repeat("<", lts)+strings.Repeat("y", plain-6*lts)+"'\n")
		// Two strings, and two aliases of one string and a third to pad.
		each := (target - len(`{"a":"","b":""}`)) / 2
		out = append(out, "a: "+strings.Repeat("z", each)+"\nb: "+strings.Repeat("w", target-len(`{"a":"","b":""}`)-each)+"\n")
		shared := (target-len(`{"a":"","b":"","c":""}`))/2 - 1
		out = append(out, "a: &v "+strings.Repeat("z", shared)+"\nb: *v\nc: "+
			strings.Repeat("p", target-len(`{"a":"","b":"","c":""}`)-2*shared)+"\n")
		// Many small members: {"k0000000":1,...}.
		out = append(out, manyMembers(target))
	}
	return out
}

// manyMembers is a document of integer members whose JSON is size bytes:
// {"k0000000":1,...,"zzz…":1}.
func manyMembers(size int) string {
	var b strings.Builder
	const member = len(`"k0000000":1,`)
	n := (size-len(`{"z":1}`))/member - 1
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "k%07d: 1\n", i)
	}
	last := size - len(`{"":1}`) - n*member
	b.WriteString(strings.Repeat("z", last) + ": 1\n")
	return b.String()
}

// TestYAMLEdgeCasesMeetTheLimits checks that the large edge cases are where
// they are meant to be: at the limits, on either side.
func TestYAMLEdgeCasesMeetTheLimits(t *testing.T) {
	for i, input := range sizedDocuments() {
		_, err := decodeYAML([]byte(input), 1)
		over := i/5 == 2 // the third delta, +1
		if (err == errTooLarge) != over || (err != nil && err != errTooLarge) {
			t.Errorf("sized document %d: %v, want too large: %v", i, err, over)
		}
	}
	for i, input := range deepDocuments() {
		_, err := decodeYAML([]byte(input), 1)
		if over := i >= 4; (err == errDepth) != over || (err != nil && err != errDepth) {
			t.Errorf("deep document %d: %v, want too deep: %v", i, err, over)
		}
	}
}
