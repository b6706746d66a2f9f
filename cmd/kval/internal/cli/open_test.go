package cli

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestOpenFileAsOSOpen: openFile reads what os.Open reads and fails with
// the same messages (a missing file, a directory read as a file).
func TestOpenFileAsOSOpen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.yaml")
	text := []byte("kind: ConfigMap\n")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{file, filepath.Join(dir, "missing.yaml"), dir, "nul\x00name"} {
		wantText, wantErr := readAllWith(path, func(p string) (io.ReadCloser, error) { return os.Open(p) })
		gotText, gotErr := readAllWith(path, openFile)
		if string(gotText) != string(wantText) || errString(gotErr) != errString(wantErr) {
			t.Errorf("%q: openFile read %q, %v; os.Open %q, %v", path, gotText, gotErr, wantText, wantErr)
		}
	}
}

func readAllWith(path string, open func(string) (io.ReadCloser, error)) ([]byte, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	var pe *os.PathError
	if !errors.As(err, &pe) {
		return "not a PathError: " + err.Error()
	}
	return err.Error()
}
