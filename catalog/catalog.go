package catalog

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/kval-dev/kval/builtin"
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
	// Builtins, when set, serve the built-in kinds of a Kubernetes version
	// (Deployments, ConfigMaps) from their published schemas, for the
	// groups no CRD of the catalog defines (see package builtin).
	Builtins *builtin.Set
	// Native validates the built-in kinds of Builtins with kube-apiserver's
	// own code where it returns one (strategy.ForKind), in place of their
	// schema's pipeline.
	Native engine.NativeFunc
	// Fallback CRDs serve the groups no CRD of the catalog defines, ahead
	// of Builtins: kval serve --kudo-instances serves KUDO's Instances
	// without a CRD of theirs (params.InstanceCRD).
	Fallback []*schema.CRD
	// Refused are kinds, by "group/kind", whose lookups fail with the
	// error: a frontend refuses the objects of a kind whose definitions
	// conflict, and serves every other kind.
	Refused map[string]error
	// Resolver, when set, is asked by ForObject for the CRDs of groups no
	// CRD (nor fallback CRD) of the catalog defines, once per kind, before
	// Builtins; what it gives is put into the catalog (see Resolver).
	Resolver Resolver
}

// Catalog is a set of CRDs, safe for concurrent use: lookups never block on
// writers, writers replace the whole set at once.
type Catalog struct {
	opts Options
	// mu serializes writers; readers only load current.
	mu      sync.Mutex
	current atomic.Pointer[snapshot]
	// builtins are the entries of built-in kinds, by CRD, made on first use.
	builtins sync.Map
	// builtinKinds are the built-in kinds looked up, by
	// "group/version/kind" (see Preparing).
	builtinKinds sync.Map
	// deferred are the CRDs LoadFilesDeferred has not decoded yet.
	deferred atomic.Pointer[deferredSet]
	// fallback are the entries of Options.Fallback.
	fallback *snapshot
	// resolutions are the kinds asked of Options.Resolver (*resolution,
	// by "group/version/kind").
	resolutions sync.Map
	// resolvedGroups are the groups of the CRDs Options.Resolver gave.
	resolvedGroups sync.Map
}

// New returns an empty catalog.
func New(opts Options) *Catalog {
	c := &Catalog{opts: opts}
	c.current.Store(newSnapshot(nil))
	fallback := map[string]*entry{}
	for _, crd := range opts.Fallback {
		fallback[crd.Name()] = newEntry(crd, opts)
	}
	c.fallback = newSnapshot(fallback)
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

// Check gives kube-apiserver's verdict on every decoded CRD of the catalog (cached:
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

// Update publishes put and drops remove in one step, for sources that reload
// (a webhook's mounted files, a watch of live CRDs). Unlike Put, it checks
// every CRD of put first, as kube-apiserver would on create, and compiles
// all its served versions: a CRD that fails is not published, the CRD of
// that name stays as it was, and its error is among refused. A conflict
// between CRDs publishes nothing and is returned as err.
func (c *Catalog) Update(ctx context.Context, put []*schema.CRD, remove []string) (refused []error, err error) {
	ready := make([]*entry, 0, len(put))
	for _, crd := range put {
		e := newEntry(crd, c.opts)
		if err := e.compileAll(ctx); err != nil {
			refused = append(refused, err)
			continue
		}
		ready = append(ready, e)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	entries := c.current.Load().entries()
	for _, name := range remove {
		delete(entries, name)
	}
	for _, e := range ready {
		entries[e.crd.Name()] = e
	}
	next, err := indexed(entries)
	if err != nil {
		return refused, err
	}
	c.current.Store(next)
	return refused, nil
}
