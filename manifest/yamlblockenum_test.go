package manifest

import (
	"strings"
	"testing"
)

// The tests of this file compare the fast path with yaml.v2 on every
// small document made of given pieces: where the fuzzer finds its way by
// chance, these go through each combination. Run with more lines or
// longer strings, they compared over 350 million documents.

// TestBlockYAMLOnEnumeratedLines compares on every document of three lines
// taken from templates of the constructs the fast path reads, each at
// indentation 0 to 3: the rules of indentation, continuation lines and
// block scalars meet there.
func TestBlockYAMLOnEnumeratedLines(t *testing.T) {
	templates := []string{"a:", "a: b", "b: c", "- a", "-", "- a: b", "- |", "c: |", "d: >-", "e: [a, b]", "x",
		"# c", "", "'q", "q'", "x: 'a", "- b:", "z y", "\"w", "w\"", ">", "- >", "1", "#", "f: {a: [b]}"}
	var lines []string
	for _, template := range templates {
		for indent := range 4 {
			lines = append(lines, strings.Repeat(" ", indent)+template+"\n")
		}
	}
	enumerate(t, 3, lines, 50000, func(doc string) []string { return []string{doc} })
}

// TestBlockYAMLOnEnumeratedFlows compares on every flow collection of up
// to four pieces, as a value and as a sequence item.
func TestBlockYAMLOnEnumeratedFlows(t *testing.T) {
	pieces := []string{"[", "]", "{", "}", ",", " ", "a", "1", ":", ": ", "'x'", "\"y\"", "-", " #", "?", "~", "b c", "<<"}
	enumerate(t, 4, pieces, 3000, func(s string) []string {
		return []string{"k: [" + s + "\n", "k: {" + s + "\n", "k:\n- [" + s + "\n"}
	})
}

// TestBlockYAMLOnEnumeratedScalars compares on every string of up to four
// pieces, as a document, a value, an item, a key and a key in an item.
func TestBlockYAMLOnEnumeratedScalars(t *testing.T) {
	pieces := []string{"a", " ", ":", "#", "-", "'", "\"", "1", "?", ",", "&", "\\", "n", ".", "|", "t", "0"}
	enumerate(t, 4, pieces, 200000, func(s string) []string {
		return []string{s + "\n", "k: " + s + "\n", "k:\n- " + s + "\n", s + ": v\n", "k:\n- " + s + ": v\n"}
	})
}

// enumerate compares the fast path with yaml.v2 on the documents forms
// makes of every string of up to n pieces, and requires it to take at
// least least of them, so that the test cannot pass by declining all.
func enumerate(t *testing.T, n int, pieces []string, least int, forms func(string) []string) {
	docs, accepted := 0, 0
	var extend func(s string, left int)
	extend = func(s string, left int) {
		for _, doc := range forms(s) {
			docs++
			accepted += btoi(compareBlock(t, "enumerated", []byte(doc)))
		}
		for _, piece := range pieces {
			if left > 0 && !t.Failed() {
				extend(s+piece, left-1)
			}
		}
	}
	extend("", n)
	t.Logf("%d documents, %d accepted", docs, accepted)
	if accepted < least {
		t.Errorf("only %d of %d documents accepted", accepted, docs)
	}
}
