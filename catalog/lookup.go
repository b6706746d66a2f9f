package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

// ForObject returns the validator of objects of apiVersion and kind. It
// fails with NotCoveredError when no CRD defines the group (and, with
// Options.Builtins, it is not a built-in group), NoMatchError when the
// group's CRDs (or built-in kinds) do not serve the version or kind,
// InvalidCRDError when kube-apiserver would reject the CRD. A group no CRD
// defines is first asked of Options.Resolver (ResolveError when it fails).
func (c *Catalog) ForObject(ctx context.Context, apiVersion, kind string) (*engine.Validator, error) {
	if apiVersion == "" || kind == "" {
		return nil, &NotAnObjectError{NoAPIVersion: apiVersion == "", NoKind: kind == ""}
	}
	group, version, hasGroup := strings.Cut(apiVersion, "/")
	if !hasGroup {
		group, version = "", apiVersion
	}
	if err := c.opts.Refused[group+"/"+kind]; err != nil {
		return nil, err
	}
	if err := c.decodeDeferred(group, kind); err != nil {
		return nil, err
	}
	if err := c.resolve(ctx, group, version, kind); err != nil {
		return nil, err
	}
	snap := c.current.Load()
	what := wanted{"kind", kind, apiVersion}
	switch {
	case c.fallback.groups[group] && !c.definesGroup(snap, group):
		snap = c.fallback
	case !c.definesGroup(snap, group):
		return c.builtinForKind(ctx, group, version, kind, what)
	}
	e := snap.byKind[group+"/"+kind]
	if e == nil {
		return nil, &NoMatchError{What: what.String(), Reason: fmt.Sprintf("no %s of group %s defines kind %s", schema.CRDKind, group, kind)}
	}
	return e.validator(ctx, version, what)
}

// Preparing reports whether ForObject(apiVersion, kind) would now wait
// for another goroutine that decodes, lints or compiles the CRD it needs,
// (or, for a built-in kind, that decodes and compiles its schema), so
// that a frontend with more objects to validate can take another one
// first (kval validate's workers). It never blocks and changes nothing;
// false when it cannot tell.
func (c *Catalog) Preparing(apiVersion, kind string) bool {
	group, version, hasGroup := strings.Cut(apiVersion, "/")
	if !hasGroup {
		group, version = "", apiVersion
	}
	if d := c.deferred.Load(); d != nil {
		if dk := d.byKind[group+"/"+kind]; dk != nil && dk.decoding.Load() {
			return true
		}
	}
	if e := c.current.Load().byKind[group+"/"+kind]; e != nil {
		return e.preparing(version)
	}
	return c.builtinPreparing(group, version, kind)
}

// ForResource returns the validator of the objects of a resource (the
// CRD's plural name) in group and version, with ForObject's errors.
func (c *Catalog) ForResource(ctx context.Context, group, version, resource string) (*engine.Validator, error) {
	if err := c.decodeDeferred(group, ""); err != nil {
		return nil, err
	}
	snap := c.current.Load()
	what := wanted{"resource", resource, group + "/" + version}
	switch {
	case c.fallback.groups[group] && !c.definesGroup(snap, group):
		snap = c.fallback
	case !c.definesGroup(snap, group):
		return c.builtinForResource(ctx, group, version, resource, what)
	}
	e := snap.byResource[group+"/"+resource]
	if e == nil {
		return nil, &NoMatchError{What: what.String(), Reason: fmt.Sprintf("no %s of group %s defines resource %s", schema.CRDKind, group, resource)}
	}
	return e.validator(ctx, version, what)
}

// wanted names what a lookup asked for, as NoMatchError.What words it;
// the text is made only for an error (lookups run once per object).
type wanted struct{ noun, name, apiVersion string }

func (w wanted) String() string {
	return fmt.Sprintf("%s %q in version %q", w.noun, w.name, w.apiVersion)
}

// DefinesKind reports whether a CRD of the catalog, decoded or deferred,
// defines kind in group. It decodes nothing and never fails: frontends use
// it to tell a kind they serve from any string a client sent.
func (c *Catalog) DefinesKind(group, kind string) bool {
	if c.current.Load().byKind[group+"/"+kind] != nil {
		return true
	}
	d := c.deferred.Load()
	return d != nil && d.byKind[group+"/"+kind] != nil
}
