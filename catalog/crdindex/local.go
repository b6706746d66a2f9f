package crdindex

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kval-dev/kval/catalog/crdsource"
)

// readLocal reads a file of a local copy, bounded as a fetch is, and
// checks its SHA-256.
func readLocal(dir string, f *File) ([]byte, string, error) {
	name := filepath.Join(dir, filepath.FromSlash(f.Path))
	file, err := os.Open(name)
	if err != nil {
		return nil, name, fmt.Errorf("not in the local copy: %w", err)
	}
	defer file.Close()
	body, err := io.ReadAll(io.LimitReader(file, crdsource.DefaultMaxBytes+1))
	switch {
	case err != nil:
		return nil, name, fmt.Errorf("reading %s: %w", name, err)
	case len(body) > crdsource.DefaultMaxBytes:
		return nil, name, fmt.Errorf("%s: over the limit of %d bytes", name, crdsource.DefaultMaxBytes)
	}
	return body, name, crdsource.VerifySHA256(name, body, f.SHA256)
}
