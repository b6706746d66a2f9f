package main

import (
	"bytes"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"

	"github.com/kval-dev/kval/catalog/crdindex"
)

const header = `# kval's catalog index: where well-known projects publish their CRDs,
# pinned by version and SHA-256. Written by
# go run ./catalog/crdindex/internal/refresh from sources.yaml: do not edit.
`

func writeIndex(file string, idx *crdindex.Index) error {
	// yaml.v3 keeps the fields in their order (name and version first).
	var data bytes.Buffer
	enc := yaml.NewEncoder(&data)
	enc.SetIndent(2)
	if err := enc.Encode(idx); err != nil {
		return err
	}
	return os.WriteFile(file, append([]byte(header), data.Bytes()...), 0o644)
}

// writeMirror writes the local copy: the index, every file at its path,
// and each project's license beside its files.
func writeMirror(dir string, idx *crdindex.Index, files copies) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeIndex(filepath.Join(dir, crdindex.IndexFile), idx); err != nil {
		return err
	}
	for to, from := range files {
		if err := copyFile(from, filepath.Join(dir, filepath.FromSlash(to))); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o644)
}
