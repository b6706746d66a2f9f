package docexamples

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// History in user-facing documentation: issue and pull request numbers
// (ours, "issue 30", or another project's, "kubernetes#75791") and commit
// hashes (hexadecimal words of 7 or more characters with a letter and a
// digit). History goes in CHANGELOG.md, commit messages and bench/NOTES.md.
var (
	issueNumber = regexp.MustCompile(`(?i)\b(issues?|PR|pull request)\s+#?\d+|[\w.-]+#\d+`)
	hexWord     = regexp.MustCompile(`\b[0-9a-f]{7,40}\b`)
)

// TestUserDocsHoldNoHistory: README.md and docs/ name no issue, pull
// request or commit, and every guide opens with its title.
func TestUserDocsHoldNoHistory(t *testing.T) {
	files := []string{filepath.Join(root, "README.md")}
	for _, pattern := range []string{"docs/*.md", "docs/reference/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, f)
		if !strings.HasPrefix(string(data), "# ") {
			t.Errorf("%s does not open with a title", rel)
		}
		for _, h := range history(string(data)) {
			t.Errorf("%s names %q: history belongs in CHANGELOG.md or bench/NOTES.md", rel, h)
		}
	}
}

// history returns the issue numbers and commit hashes of a text.
func history(text string) []string {
	found := issueNumber.FindAllString(text, -1)
	for _, w := range hexWord.FindAllString(text, -1) {
		if strings.ContainsAny(w, "abcdef") && strings.ContainsAny(w, "0123456789") {
			found = append(found, w)
		}
	}
	return found
}
