package catalog

import (
	"context"
	"fmt"
	"sync"

	"github.com/kval-dev/kval/schema"
)

// Resolver finds the CRD of a kind that no CRD of the catalog defines the
// group of (kval validate's catalog of well-known projects, package
// crdindex). Resolve returns the CRDs that serve the kind (with the other
// CRDs of the same file, if it wants), none when it knows no such kind,
// or why it could not get them.
type Resolver interface {
	Resolve(ctx context.Context, group, version, kind string) ([]*schema.CRD, error)
}

// ResolveError is a kind whose CRD the resolver knows but could not give.
type ResolveError struct {
	Group, Version, Kind string
	Err                  error
}

func (e *ResolveError) Error() string {
	return fmt.Sprintf("kind %s of %s/%s: %v", e.Kind, e.Group, e.Version, e.Err)
}

func (e *ResolveError) Unwrap() error { return e.Err }

// resolution is one kind asked of the resolver, asked once.
type resolution struct {
	once sync.Once
	err  error
}

// resolve asks Options.Resolver, once per group, version and kind, for
// the CRDs of a kind of a group no CRD (nor fallback CRD) of the catalog
// defines, or that only resolved CRDs define (a project's kinds come one
// file at a time), and puts what it gives into the catalog.
func (c *Catalog) resolve(ctx context.Context, group, version, kind string) error {
	if !c.mayResolve(group, kind) {
		return nil
	}
	r, _ := c.resolutions.LoadOrStore(group+"/"+version+"/"+kind, &resolution{})
	res := r.(*resolution)
	res.once.Do(func() { res.err = c.putResolved(ctx, group, version, kind) })
	return res.err
}

func (c *Catalog) mayResolve(group, kind string) bool {
	snap := c.current.Load()
	switch _, resolved := c.resolvedGroups.Load(group); {
	case c.opts.Resolver == nil || c.fallback.groups[group]:
		return false
	case c.definesGroup(snap, group) && !resolved:
		return false
	}
	return snap.byKind[group+"/"+kind] == nil
}

func (c *Catalog) putResolved(ctx context.Context, group, version, kind string) error {
	crds, err := c.opts.Resolver.Resolve(ctx, group, version, kind)
	for _, crd := range crds {
		c.resolvedGroups.Store(crd.Spec.Group, true)
	}
	if err == nil && len(crds) > 0 {
		err = c.Put(crds...)
	}
	if err != nil {
		return &ResolveError{Group: group, Version: version, Kind: kind, Err: err}
	}
	return nil
}
