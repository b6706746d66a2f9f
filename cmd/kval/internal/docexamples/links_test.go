package docexamples

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// markdownLink finds the targets of inline Markdown links.
var markdownLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)

// documents are the Markdown files whose links are checked.
func documents(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"*.md", "docs/*.md", "docs/reference/*.md", "deploy/*.md", "bench/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// TestLinksLeadSomewhere: every relative link of the documentation names
// a file of the repository and, with a #fragment, a heading of it.
func TestLinksLeadSomewhere(t *testing.T) {
	files := documents(t)
	if len(files) < 15 {
		t.Fatalf("found %d Markdown files, want the documentation", len(files))
	}
	for _, f := range files {
		for _, target := range links(t, f) {
			if err := checkLink(f, target); err != "" {
				rel, _ := filepath.Rel(root, f)
				t.Errorf("%s: link %s: %s", rel, target, err)
			}
		}
	}
}

// links returns the relative link targets of a Markdown file, outside its
// code blocks.
func links(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range prose(string(data)) {
		for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
			if !strings.Contains(m[1], "://") && !strings.HasPrefix(m[1], "mailto:") {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// prose returns the lines of a Markdown text outside fenced blocks.
func prose(text string) []string {
	var out []string
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, line)
		}
	}
	return out
}

// checkLink says what is wrong with a link of the file from, or "".
func checkLink(from, target string) string {
	file, fragment, _ := strings.Cut(target, "#")
	path := from
	if file != "" {
		path = filepath.Join(filepath.Dir(from), file)
		if _, err := os.Stat(path); err != nil {
			return "no such file"
		}
	}
	if fragment == "" || !strings.HasSuffix(path, ".md") {
		return ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if !anchors(string(data))[fragment] {
		return "no such heading"
	}
	return ""
}

// anchors returns the anchors GitHub gives a Markdown text's headings.
func anchors(text string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, line := range prose(text) {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		slug := slugify(strings.TrimLeft(line, "#"))
		if n := seen[slug]; n > 0 {
			out[slug+"-"+strconv.Itoa(n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// slugify is GitHub's anchor of a heading: lower case, spaces as hyphens,
// punctuation but hyphens and underscores dropped.
func slugify(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
