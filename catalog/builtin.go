package catalog

import (
	"context"
	"fmt"

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
	crd, err := b.ForKind(group, version, kind)
	if err != nil {
		return nil, err
	}
	if crd == nil {
		return nil, &NoMatchError{What: what.String(), Reason: fmt.Sprintf("Kubernetes %s has no kind %s in version %s", b.Minor(), kind, groupVersion(group, version))}
	}
	return c.builtinEntry(crd).validator(ctx, version, what)
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
