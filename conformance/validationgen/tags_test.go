package validationgen

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"k8s.io/gengo/v2/codetags"

	"github.com/kval-dev/kval/tags"
)

// sameTag compares a codetags tag with a kval tag field by field.
func sameTag(u codetags.Tag, k tags.Tag) bool {
	if u.Name != k.Name || len(u.Args) != len(k.Args) || string(u.ValueType) != string(k.Kind) {
		return false
	}
	for i, a := range u.Args {
		b := k.Args[i]
		if a.Name != b.Name || a.Value != b.Value || string(a.Type) != string(b.Kind) {
			return false
		}
	}
	if u.ValueType == codetags.ValueTypeTag {
		return u.ValueTag != nil && k.Payload != nil && sameTag(*u.ValueTag, *k.Payload)
	}
	return u.Value == k.Value
}

// checkAgainstCodetags fails when codetags accepts text and kval reads it
// differently or not at all. kval may accept more (spaces inside
// parentheses), never less.
func checkAgainstCodetags(t *testing.T, text string) {
	t.Helper()
	want, err := codetags.Parse(text)
	if err != nil || codetagsQuirk(text, want) {
		return
	}
	got, err := tags.Parse(text, tags.Pos{})
	if err != nil {
		t.Errorf("codetags reads %q, kval rejects it: %v", text, err)
		return
	}
	if !sameTag(want, got) {
		t.Errorf("%q: codetags reads %+v, kval reads %+v", text, want, got)
	}
}

// codetagsQuirk reports inputs codetags accepts by accident and kval
// rejects on purpose (see tagGrammarDifferences).
func codetagsQuirk(text string, parsed codetags.Tag) bool {
	return parsed.Name == "" || strings.HasSuffix(strings.TrimSpace(text), ")=") || namedArgWithoutValue.MatchString(text)
}

// namedArgWithoutValue matches "key:" followed by nothing, or by another
// "key:" (codetags keeps the last name).
var namedArgWithoutValue = regexp.MustCompile(`:\s*([,)]|\pL[\pL\pN_.-]*\s*:)`)

// TestTagGrammarMatchesCodetagsOnUpstreamTests reads every +k8s: tag of
// upstream's output_tests both ways.
func TestTagGrammarMatchesCodetagsOnUpstreamTests(t *testing.T) {
	root := filepath.Join(moduleDir(t, upstreamModule), validationGen, "output_tests")
	n := 0
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || isUpstreamGenerated(d.Name()) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(data), "\n") {
			text, ok := strings.CutPrefix(strings.TrimSpace(line), "// +")
			if ok && strings.HasPrefix(text, "k8s:") && !strings.HasPrefix(text, "k8s:validation-gen") {
				checkAgainstCodetags(t, text)
				n++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compared %d tags", n)
}

// FuzzTagGrammarMatchesCodetags compares the parsers on arbitrary input.
func FuzzTagGrammarMatchesCodetags(f *testing.F) {
	for _, seed := range []string{
		"k8s:optional", "k8s:minimum=-1", "k8s:maximum=0x1F", "k8s:format=k8s-long-name",
		`k8s:item(name: "a", port: 80, ok: true)=+k8s:immutable`,
		"k8s:ifEnabled(`F`)=+k8s:eachVal=+k8s:neq=\"x\" # c",
		`k8s:validateFalse(flags: "ShortCircuit", cohort: c)="a \"b\""`,
		"k8s:subfield(x)=+k8s:subfield(y)=+k8s:optional", "name()", "a=+b=+c()",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkAgainstCodetags(t, text)
	})
}
