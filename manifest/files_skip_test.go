package manifest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestExpandPathsSkipsWhatItMustNotRead: links out of the tree and entries
// that are no regular files are skipped and named; links within it are read.
func TestExpandPathsSkipsWhatItMustNotRead(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "in")
	write := func(path string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("a: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "a.yaml"))
	write(filepath.Join(dir, "sub", "b.yaml"))
	write(filepath.Join(root, "outside.yaml"))
	links := map[string]string{"in.yaml": filepath.Join(dir, "sub", "b.yaml"), "out.yaml": filepath.Join(root, "outside.yaml"),
		"dev.yaml": "/dev/null", "dir.yaml": filepath.Join(dir, "sub"), "broken.yaml": filepath.Join(dir, "missing")}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, skipped, err := ExpandPathsSkipping([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
	}
	if want := []string{"a.yaml", "broken.yaml", "in.yaml", "b.yaml"}; !slices.Equal(got, want) {
		t.Errorf("files %v, want %v", got, want)
	}
	reasons := map[string]string{}
	for _, s := range skipped {
		reasons[filepath.Base(s.Path)] = s.Reason
	}
	for name, want := range map[string]string{"out.yaml": "out of the directory given", "dev.yaml": "out of the directory given",
		"dir.yaml": "not a regular file (a directory)", "pipe.yaml": "not a regular file (a FIFO)"} {
		if !strings.Contains(reasons[name], want) {
			t.Errorf("%s: reason %q, want %q", name, reasons[name], want)
		}
	}
	if len(skipped) != 4 {
		t.Errorf("skipped %v, want 4", skipped)
	}
}

func TestEscapeName(t *testing.T) {
	for in, want := range map[string]string{"a/b.yaml": "a/b.yaml", "x\ny.yaml": "x%0Ay.yaml", "\x1b[2J%.yaml": "%1B[2J%25.yaml", "é.yaml": "é.yaml"} {
		if got := EscapeName(in); got != want {
			t.Errorf("EscapeName(%q) = %q, want %q", in, got, want)
		}
	}
}
