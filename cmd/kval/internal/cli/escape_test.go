package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hostile holds, in every string a user controls (file name, apiVersion,
// kind, name, map keys), line breaks followed by GitHub workflow commands
// and terminal escapes.
const hostile = "---\napiVersion: \"example.kval.dev/v1\\n::add-mask::v1\"\nkind: \"Database\\n::error file=x.go,line=1::forged kind\"\nmetadata: {name: \"a\\r\\n::warning::forged name\\u001b[2J\", namespace: ns}\n" +
	"---\napiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: b, namespace: ns}\nspec: {engine: oracle, \"x\\n::error::forged key\": 1, replicas: \"\\u001b]0;t\\u0007\\n::notice::forged value\"}\n" +
	"---\napiVersion: \"other.dev/v1\\n::error::forged summary\"\nkind: \"Other\\n::error::forged kind line\"\nmetadata: {name: c}\n"

// TestUserStringsCannotForgeLinesInAnyFormat: no output line, in any
// format, starts with a workflow command kval did not write, and no
// control character but the newline reaches the output.
func TestUserStringsCannotForgeLinesInAnyFormat(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x\x1b[31m.yaml")
	if err := os.WriteFile(file, []byte(hostile), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "github", "tap", "junit", "sarif", "json"} {
		var out, errOut bytes.Buffer
		Main([]string{"validate", "--crd", "../../../../examples/crd.yaml", "-o", format, file}, nil, &out, &errOut)
		for _, line := range strings.Split(out.String()+errOut.String(), "\n") {
			if strings.Contains(line, "forged") && strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") && !strings.HasPrefix(line, "::error file=") && !strings.HasPrefix(line, "::warning file=") {
				t.Errorf("-o %s: a forged line: %q", format, line)
			}
			if strings.HasPrefix(line, "::add-mask::") || strings.HasPrefix(line, "::error::") || strings.HasPrefix(line, "::warning::") || strings.HasPrefix(line, "::notice::") {
				t.Errorf("-o %s: a forged command: %q", format, line)
			}
			if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Errorf("-o %s: a control character in %q", format, line)
			}
		}
	}
}
