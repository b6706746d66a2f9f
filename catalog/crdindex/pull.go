package crdindex

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// Embedded is the text of the built-in index.
func Embedded() []byte { return embedded }

// Pull writes a local copy into dir: every file of the index, read as
// Resolve reads it (from Dir, Mirror or upstream, checked against its
// sum), and the index's text. It returns how many files it wrote.
func (r *Resolver) Pull(ctx context.Context, dir string, index []byte) (int, error) {
	n := 0
	for i := range r.Index.Projects {
		p := &r.Index.Projects[i]
		for j := range p.Files {
			if err := r.pullFile(ctx, dir, p, &p.Files[j]); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, writeFile(filepath.Join(dir, IndexFile), index)
}

func (r *Resolver) pullFile(ctx context.Context, dir string, p *Project, f *File) error {
	body, _, err := r.read(ctx, f)
	if err != nil {
		return fmt.Errorf("catalog: %s %s: %w", p.Name, p.Version, err)
	}
	return writeFile(filepath.Join(dir, filepath.FromSlash(f.Path)), body)
}

func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	return nil
}
