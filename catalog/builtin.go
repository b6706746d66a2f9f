package catalog

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

// builtinForKind serves a kind of a group no CRD defines from
// Options.Builtins: CRDs take precedence, so a CRD of group "apps" hides
// the built-in Deployment.
func (c *Catalog) builtinForKind(ctx context.Context, group, version, kind string, what wanted) (*engine.Validator, error) {
	b := c.opts.Builtins
	if b == nil || !b.HasGroup(group) {
		return nil, &NotCoveredError{Group: group}
	}
	k := c.builtinKind(group, version, kind)
	if !k.ready.Load() {
		k.preparing.Add(1)
		defer k.preparing.Add(-1)
	}
	crd, err := b.ForKind(group, version, kind)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return nil, &NoMatchError{What: what.String(), Reason: fmt.Sprintf("Kubernetes %s has no kind %s in version %s", b.Minor(), kind, groupVersion(group, version))}
	}
	v, err := c.builtinEntry(crd).validator(ctx, version, what)
	k.ready.Store(true)
	return v, err
}

// builtinKind is what Preparing knows of the lookups of one built-in kind
// in one version: the first ones decode its schema and compile it.
type builtinKind struct {
	// preparing counts the lookups under way before the first returned.
	preparing atomic.Int32
	ready     atomic.Bool
}

func (c *Catalog) builtinKind(group, version, kind string) *builtinKind {
	key := group + "/" + version + "/" + kind
	if k, found := c.builtinKinds.Load(key); found {
		return k.(*builtinKind)
	}
	k, _ := c.builtinKinds.LoadOrStore(key, &builtinKind{})
	return k.(*builtinKind)
}

// builtinPreparing reports whether a lookup of a built-in kind is under
// way and none has returned yet.
func (c *Catalog) builtinPreparing(group, version, kind string) bool {
	k, found := c.builtinKinds.Load(group + "/" + version + "/" + kind)
	return found && !k.(*builtinKind).ready.Load() && k.(*builtinKind).preparing.Load() > 0
}

// builtinForResource is builtinForKind by resource.
func (c *Catalog) builtinForResource(ctx context.Context, group, version, resource string, what wanted) (*engine.Validator, error) {
	b := c.opts.Builtins
	if b == nil || !b.HasGroup(group) {
		return nil, &NotCoveredError{Group: group}
	}
	crd, err := b.ForResource(group, version, resource)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return nil, &NoMatchError{What: what.String(), Reason: fmt.Sprintf("Kubernetes %s has no resource %s in version %s", b.Minor(), resource, groupVersion(group, version))}
	}
	return c.builtinEntry(crd).validator(ctx, version, what)
}

// builtinEntry returns the entry of a built-in kind's CRD, made once. The
// CRD is not linted: it describes what Kubernetes serves, not a CRD anyone
// would create (its schemas use keywords and defaults a CRD may not).
func (c *Catalog) builtinEntry(crd *schema.CRD) *entry {
	if e, found := c.builtins.Load(crd); found {
		return e.(*entry)
	}
	opts := c.opts
	opts.Engine.Extensions = append([]engine.Extension{crdLintExtension(opts.Lint)}, opts.Engine.Extensions...)
	opts.Engine.Native = opts.Native
	e := newEntry(crd, opts)
	e.linted.Do(func() { e.isLinted.Store(true) })
	actual, _ := c.builtins.LoadOrStore(crd, e)
	return actual.(*entry)
}

// groupVersion is the apiVersion of a group and version: "v1" for the core group.
func groupVersion(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}
