package crdindex

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
)

// IndexFile is the name of the index in a local copy.
const IndexFile = "index.yaml"

//go:embed index.yaml
var embedded []byte

// Default is the index built into kval.
func Default() (*Index, error) { return Parse(embedded) }

// ReadDir reads the index of a local copy; a directory without one uses
// the built-in index.
func ReadDir(dir string) (*Index, error) {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("catalog directory %s: not a directory (%v)", dir, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, IndexFile))
	switch {
	case os.IsNotExist(err):
		return Default()
	case err != nil:
		return nil, fmt.Errorf("catalog directory: %w", err)
	}
	return Parse(data)
}
