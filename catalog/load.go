package catalog

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// ErrUnusable says that loading found documents that cannot be used; the
// problems returned with it say which.
var ErrUnusable = errors.New("unusable CustomResourceDefinitions")

// LoadFiles reads CRDs from files and directories (see manifest.ExpandPaths)
// and puts them into the catalog. It returns every problem it found,
// warnings included (documents of other kinds, bare schemas). When one of
// them is an error it puts nothing and returns ErrUnusable; a conflict with
// the catalog's CRDs is a ConflictError.
func (c *Catalog) LoadFiles(paths ...string) ([]schema.Problem, error) {
	return c.load(schema.LoadFiles(paths))
}

// LoadBytes is LoadFiles for YAML or JSON documents in memory; name stands
// for the file in messages.
func (c *Catalog) LoadBytes(name string, data []byte) ([]schema.Problem, error) {
	loaded := &schema.Loaded{}
	docs, errs := manifest.ReadAll(name, bytes.NewReader(data))
	for _, err := range errs {
		source := manifest.Source{File: name, Item: -1}
		if me := (*manifest.Error)(nil); errors.As(err, &me) {
			source = me.Source
		}
		loaded.Problems = append(loaded.Problems, schema.Problem{Source: source, Err: err})
	}
	for _, doc := range docs {
		loaded.Add(doc)
	}
	return c.load(loaded)
}

func (c *Catalog) load(loaded *schema.Loaded) ([]schema.Problem, error) {
	problems := append(loaded.Problems, loaded.Duplicates()...)
	for _, s := range loaded.Schemas {
		problems = append(problems, schema.Problem{Source: s.Source, Object: "schema", Warning: true,
			Err: fmt.Errorf("a bare schema serves no apiVersion and kind, skipped (kval lint checks it)")})
	}
	for _, p := range problems {
		if !p.Warning {
			return problems, ErrUnusable
		}
	}
	return problems, c.Put(loaded.CRDs...)
}
