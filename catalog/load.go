package catalog

import (
	"errors"
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// ErrUnusable says that reading found documents that cannot be used; the
// problems returned with it say which.
var ErrUnusable = errors.New("unusable CustomResourceDefinitions")

// LoadFiles reads CRDs from files and directories (ReadFiles) and puts them
// into the catalog. When reading fails it puts nothing.
func (c *Catalog) LoadFiles(paths ...string) ([]schema.Problem, error) {
	crds, problems, err := ReadFiles(paths...)
	if err != nil {
		return problems, err
	}
	return problems, c.Put(crds...)
}

// LoadBytes is LoadFiles for documents in memory (ReadBytes).
func (c *Catalog) LoadBytes(name string, data []byte) ([]schema.Problem, error) {
	crds, problems, err := ReadBytes(name, data)
	if err != nil {
		return problems, err
	}
	return problems, c.Put(crds...)
}

// ReadFiles reads CRDs from files and directories (see
// manifest.ExpandPaths). It returns every problem it found, warnings
// included (documents of other kinds, bare schemas); when one of them is an
// error it returns ErrUnusable and no CRDs.
func ReadFiles(paths ...string) ([]*schema.CRD, []schema.Problem, error) {
	return usable(schema.LoadFiles(paths))
}

// ReadBytes is ReadFiles for YAML or JSON documents in memory; name stands
// for the file in messages.
func ReadBytes(name string, data []byte) ([]*schema.CRD, []schema.Problem, error) {
	return usable(schema.LoadBytes(name, data))
}

// Usable returns the CRDs of what was read (schema.LoadFiles, package
// crdsource) with every problem, as ReadFiles does: ErrUnusable and no
// CRDs when a problem is an error. Deferred CRDs are not returned.
func Usable(loaded *schema.Loaded) ([]*schema.CRD, []schema.Problem, error) { return usable(loaded) }

func usable(loaded *schema.Loaded) ([]*schema.CRD, []schema.Problem, error) {
	problems := append(loaded.Problems, loaded.Duplicates()...)
	for _, s := range loaded.Schemas {
		problems = append(problems, schema.Problem{Source: s.Source, Object: "schema", Warning: true,
			Err: fmt.Errorf("a bare schema serves no apiVersion and kind, skipped (kval lint checks it)")})
	}
	for _, p := range problems {
		if !p.Warning {
			return nil, problems, ErrUnusable
		}
	}
	return loaded.CRDs, problems, nil
}
