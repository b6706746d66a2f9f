package docexamples

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kval-dev/kval/cmd/kval/internal/kvalbin"
)

// root is the repository's root, from this package's directory.
const root = "../../../.."

// example is one command of a runnable block.
type example struct {
	file    string
	line    int
	command string
	exit    int
}

// exitsComment finds the expected exit status in a trailing comment.
var exitsComment = regexp.MustCompile(`#.*\bexits (\d+)\b`)

// runnable returns the commands of the runnable blocks of the Markdown
// file at path, named by rel.
func runnable(t *testing.T, path, rel string) []example {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []example
	in, pending, start := false, "", 0
	s := bufio.NewScanner(f)
	for n := 1; s.Scan(); n++ {
		line := s.Text()
		switch {
		case !in && strings.TrimSpace(line) == "```sh runnable":
			in = true
		case in && strings.TrimSpace(line) == "```":
			in = false
		case in && strings.HasSuffix(line, `\`):
			if pending == "" {
				start = n
			}
			pending += strings.TrimSuffix(line, `\`) + " "
		case in:
			if pending == "" {
				start = n
			}
			if cmd := strings.TrimSpace(pending + line); cmd != "" && !strings.HasPrefix(cmd, "#") {
				out = append(out, example{file: rel, line: start, command: cmd, exit: expectedExit(cmd)})
			}
			pending = ""
		}
	}
	if in {
		t.Errorf("%s: a runnable block is not closed", rel)
	}
	return out
}

// expectedExit is the N of a trailing "exits N" comment, else 0.
func expectedExit(cmd string) int {
	m := exitsComment.FindStringSubmatch(cmd)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// examples returns the runnable commands of README.md and docs/*.md.
func examples(t *testing.T) []example {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	var all []example
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		all = append(all, runnable(t, f, rel)...)
	}
	return all
}

// sandbox builds kval into a new directory's bin/ and links every entry
// of the repository's root beside it; it returns the directory and the
// environment commands run with (bin/ first on PATH).
func sandbox(t *testing.T) (string, []string) {
	t.Helper()
	dir := t.TempDir()
	if err := kvalbin.Build(filepath.Join(dir, "bin", "kval")); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != ".git" && e.Name() != "bin" {
			if err := os.Symlink(filepath.Join(abs, e.Name()), filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	env := append(os.Environ(), "PATH="+filepath.Join(dir, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir, env
}

// run runs a shell command in dir and returns its exit status and output.
func run(t *testing.T, dir string, env []string, command string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", command)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit) && ctx.Err() == nil:
		return exit.ExitCode(), string(out)
	default:
		t.Fatalf("%s: %v\n%s", command, err, out)
		return 0, ""
	}
}

// TestDocumentation runs the README's opening commands and every
// runnable example with one freshly built kval.
func TestDocumentation(t *testing.T) {
	dir, env := sandbox(t)
	t.Run("the README's two commands", func(t *testing.T) { checkOpeningCommands(t, dir, env) })
	t.Run("runnable examples", func(t *testing.T) { runExamples(t, dir, env) })
}

// runExamples runs every runnable example and checks its exit status.
func runExamples(t *testing.T, dir string, env []string) {
	all := examples(t)
	if len(all) < 10 {
		t.Fatalf("found %d runnable examples in README.md and docs/, want the documentation's", len(all))
	}
	for _, ex := range all {
		code, out := run(t, dir, env, ex.command)
		if code != ex.exit {
			t.Errorf("%s:%d: %s\nexit %d, want %d; output:\n%s", ex.file, ex.line, ex.command, code, ex.exit, out)
		}
	}
}

// checkOpeningCommands: the README opens with two commands. The first,
// with the freshly built kval in place of `go run ./cmd/kval`, validates
// the bundled examples and exits 1, three objects being invalid, as the
// README says; the second is the test command CI runs.
func checkOpeningCommands(t *testing.T, dir string, env []string) {
	first, second := openingCommands(t)
	const goRun = "go run ./cmd/kval "
	if !strings.HasPrefix(first, goRun) {
		t.Fatalf("the README's first command is %q, want one that starts %q", first, goRun)
	}
	code, out := run(t, dir, env, "kval "+strings.TrimPrefix(first, goRun))
	if code != 1 || !strings.Contains(out, "2 valid, 3 invalid") {
		t.Errorf("%s: exit %d, want 1 with 2 valid and 3 invalid objects; output:\n%s", first, code, out)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains("\n"+string(ci)+"\n", "\n"+second+"\n") {
		t.Errorf("the README's second command %q is not a line of .ci/run", second)
	}
}

// openingCommands returns the two lines of the README's first code block.
func openingCommands(t *testing.T) (string, string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(data), "```sh\n")
	block, _, _ := strings.Cut(rest, "```")
	lines := strings.Split(strings.TrimSpace(block), "\n")
	if len(lines) != 2 {
		t.Fatalf("the README's first code block has %d lines, want its two commands", len(lines))
	}
	return lines[0], lines[1]
}
