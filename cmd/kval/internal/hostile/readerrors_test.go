package hostile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Item 1: a read error ends that input's read and is reported once; the
// other inputs are still read. Before, kval read again forever: validate
// flooded stderr, lint and --crd grew by hundreds of MB a second.

func TestStdinIsADirectory(t *testing.T) {
	for name, args := range map[string][]string{
		"validate":     {"validate", "--crd", crd(), "-"},
		"prune":        {"prune", "--crd", crd(), "-"},
		"lint":         {"lint", "-"},
		"annotate":     {"annotate", "-"},
		"crd":          {"validate", "--crd", "-", "../crd.yaml"},
		"openapi crd":  {"openapi", "--crd", "-"},
		"old":          {"validate", "--crd", crd(), "--old", "-", crd()},
		"lint objects": {"lint", "-", crd()},
	} {
		t.Run(name, func(t *testing.T) {
			dir, err := os.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer dir.Close()
			check(t, run{args: args, stdin: dir}, expect{
				code: 2, once: "is a directory", stderr: []string{"<stdin>", "reading stopped: read /dev/stdin: is a directory"},
				within: 10 * time.Second, maxRSSMB: 100,
			})
		})
	}
}

func TestStdinOpenedWriteOnly(t *testing.T) {
	out, err := os.OpenFile(file(t, "write-only", ""), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: out}, expect{
		code: 2, once: "reading stopped: read /dev/stdin: bad file descriptor", within: 10 * time.Second, maxRSSMB: 100,
	})
}

// TestALinkToADirectoryInAnInputDirectory: objects/link.yaml points to a
// directory out of objects/; it is skipped with a warning, and the object
// beside it is validated.
func TestALinkToADirectoryInAnInputDirectory(t *testing.T) {
	file(t, "objects/a.yaml", object("a"))
	file(t, "elsewhere/x", "")
	if err := os.Symlink(filepath.Join(dirOf(t), "elsewhere"), filepath.Join(dirOf(t), "objects/link.yaml")); err != nil {
		t.Fatal(err)
	}
	skipped := "Warning: " + filepath.Join(dirOf(t), "objects/link.yaml") + ": skipped: a symbolic link out of the directory given"
	check(t, run{args: []string{"validate", "--crd", crd(), "--old", filepath.Join(dirOf(t), "objects"), crd()}}, expect{
		once: skipped, within: 10 * time.Second, maxRSSMB: 100})
	check(t, run{args: []string{"validate", "--crd", filepath.Join(dirOf(t), "objects"), crd()}}, expect{
		once: skipped, within: 10 * time.Second, maxRSSMB: 100})
	check(t, run{args: []string{"validate", "--crd", crd(), filepath.Join(dirOf(t), "objects")}}, expect{
		once: skipped, stdout: []string{`a.yaml:1: Database "a" is valid (create)`, "1 valid, 0 invalid"}, within: 10 * time.Second,
	})
}

// TestAnUnreadableSubdirectory is reported; the files beside it are read.
// As root (who reads every directory), kval runs as nobody.
func TestAnUnreadableSubdirectory(t *testing.T) {
	file(t, "objects/a.yaml", object("a"))
	file(t, "objects/locked/b.yaml", object("b"))
	file(t, "objects/z/c.yaml", object("c"))
	locked := filepath.Join(dirOf(t), "objects/locked")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(locked, 0o755)
	check(t, run{args: []string{"validate", "--crd", crd(), filepath.Join(dirOf(t), "objects")}, asNobody: true}, expect{
		code: 2, once: "error: " + locked + ": directory not read: permission denied",
		stdout: []string{`a.yaml:1: Database "a" is valid`, `c.yaml:1: Database "c" is valid`, "2 valid, 0 invalid, 1 not validated"},
		within: 10 * time.Second,
	})
	check(t, run{args: []string{"lint", filepath.Join(dirOf(t), "objects")}, asNobody: true}, expect{
		code: 2, once: "directory not read: permission denied", within: 10 * time.Second,
	})
}
