package catalog

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// Options configure a Catalog.
type Options struct {
	// Engine is passed to engine.Compile for every version.
	Engine engine.Options
	// Lint is passed to lint.CheckCRD; the zero value is kval's full verdict.
	Lint lint.Options
}

// Catalog is a set of CRDs, safe for concurrent use: lookups never block on
// writers, writers replace the whole set at once.
type Catalog struct {
	opts Options
	// mu serializes writers; readers only load current.
	mu      sync.Mutex
	current atomic.Pointer[snapshot]
}

// New returns an empty catalog.
func New(opts Options) *Catalog {
	c := &Catalog{opts: opts}
	c.current.Store(newSnapshot(nil))
	return c
}

// Put adds CRDs, or replaces those of the same name, in one step: either all
// of them are published or, on a conflict (see ConflictError), none.
func (c *Catalog) Put(crds ...*schema.CRD) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	entries := c.current.Load().entries()
	for _, crd := range crds {
		entries[crd.Name()] = newEntry(crd, c.opts)
	}
	next, err := indexed(entries)
	if err != nil {
		return err
	}
	c.current.Store(next)
	return nil
}

// Remove drops the CRD of that name and reports whether it was there.
func (c *Catalog) Remove(name string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	entries := c.current.Load().entries()
	if _, found := entries[name]; !found {
		return false
	}
	delete(entries, name)
	c.current.Store(newSnapshot(entries))
	return true
}

// CRDs returns the CRDs of the catalog, by name.
func (c *Catalog) CRDs() []*schema.CRD {
	var out []*schema.CRD
	for _, e := range c.current.Load().sorted() {
		out = append(out, e.crd)
	}
	return out
}

// Check gives kube-apiserver's verdict on every CRD of the catalog (cached:
// each CRD is linted once) and returns those it would reject, in the order
// of CRDs. Lookups refuse them anyway; Check is for frontends that want to
// report every invalid CRD up front.
func (c *Catalog) Check(ctx context.Context) []*InvalidCRDError {
	var out []*InvalidCRDError
	for _, e := range c.current.Load().sorted() {
		if err := e.check(ctx); err != nil {
			out = append(out, err)
		}
	}
	return out
}
