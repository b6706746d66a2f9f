package hostile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLinksOutOfTheTreeAreNotFollowed: *.yaml links in an input directory
// that lead out of it (to a secret elsewhere, to a device that never ends)
// are skipped with a warning; a link within the tree is read.
func TestLinksOutOfTheTreeAreNotFollowed(t *testing.T) {
	file(t, "objects/a.yaml", object("a"))
	file(t, "objects/sub/b.yaml", object("b"))
	secret := file(t, "secret.yaml", object("secret"))
	dir := filepath.Join(dirOf(t), "objects")
	for link, target := range map[string]string{"secret.yaml": secret, "zero.yaml": "/dev/zero", "inside.yaml": filepath.Join(dir, "sub/b.yaml")} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	check(t, run{args: []string{"validate", "--crd", crd(), dir}}, expect{
		stderr: []string{
			"Warning: " + filepath.Join(dir, "secret.yaml") + ": skipped: a symbolic link out of the directory given (to " + secret + "), not followed",
			"Warning: " + filepath.Join(dir, "zero.yaml") + ": skipped: a symbolic link out of the directory given (to /dev/zero), not followed",
		},
		stdout: []string{`inside.yaml:1: Database "b" is valid`, "3 valid, 0 invalid"},
		within: 10 * time.Second, maxRSSMB: 100,
	})
}

// TestAFIFOInAnInputDirectory is skipped with a warning instead of hanging
// the run; a FIFO given by name (a process substitution) is still read.
func TestAFIFOInAnInputDirectory(t *testing.T) {
	file(t, "objects/a.yaml", object("a"))
	fifo := filepath.Join(dirOf(t), "objects/pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	check(t, run{args: []string{"validate", "--crd", crd(), filepath.Join(dirOf(t), "objects")}}, expect{
		once:   "Warning: " + fifo + ": skipped: not a regular file (a FIFO)",
		stdout: []string{"1 valid, 0 invalid"}, within: 10 * time.Second,
	})
	named := filepath.Join(dirOf(t), "named-pipe")
	if err := syscall.Mkfifo(named, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		if f, err := os.OpenFile(named, os.O_WRONLY, 0); err == nil {
			f.WriteString(object("p"))
			f.Close()
		}
	}()
	check(t, run{args: []string{"validate", "--crd", crd(), named}}, expect{
		stdout: []string{`Database "p" is valid`, "1 valid, 0 invalid"}, within: 10 * time.Second,
	})
}

// TestAHostileFileNameIsEscaped: a file name with a newline and a terminal
// escape sequence cannot forge a line of text output or drive the
// terminal: it is escaped as GitHub's workflow commands escape names.
func TestAHostileFileNameIsEscaped(t *testing.T) {
	name := "x\n1 valid, 0 invalid\x1b[2J.yaml"
	file(t, "objects/"+name, object("Bad_Name"))
	check(t, run{args: []string{"validate", "--crd", crd(), filepath.Join(dirOf(t), "objects")}}, expect{
		code:    1,
		onceOut: "x%0A1 valid, 0 invalid%1B[2J.yaml:3: The Database",
		stdout:  []string{"0 valid, 1 invalid"},
		within:  10 * time.Second,
	})
}

// TestAHostileNameInAnErrorIsEscaped: the operating system's error names
// the file raw; kval escapes it there too.
func TestAHostileNameInAnErrorIsEscaped(t *testing.T) {
	file(t, "objects/a.yaml", object("a"))
	locked := file(t, "objects/x\n1 valid\x1b[2J.yaml", object("b"))
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o644)
	got := check(t, run{args: []string{"validate", "--crd", crd(), filepath.Join(dirOf(t), "objects")}, asNobody: true}, expect{
		code: 2, stderr: []string{"x%0A1 valid%1B[2J.yaml: permission denied"}, within: 10 * time.Second,
	})
	if strings.Contains(got.stderr, "\x1b") || strings.Count(got.stderr, "\n") != 1 {
		t.Errorf("stderr holds a raw name:\n%q", got.stderr)
	}
}
