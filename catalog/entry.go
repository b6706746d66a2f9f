package catalog

import (
	"context"
	"maps"
	"slices"
	"sync"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// entry is one CRD with its lint verdict and compiled versions, each
// computed on first use and once.
type entry struct {
	crd  *schema.CRD
	opts Options

	linted  sync.Once
	invalid *InvalidCRDError

	versions map[string]*compiled
}

// compiled is the validator of one served version, compiled once.
type compiled struct {
	once      sync.Once
	validator *engine.Validator
	err       error
}

func newEntry(crd *schema.CRD, opts Options) *entry {
	e := &entry{crd: crd, opts: opts, versions: map[string]*compiled{}}
	for _, v := range crd.Spec.Versions {
		if v.Served {
			e.versions[v.Name] = &compiled{}
		}
	}
	return e
}

// check lints the CRD once. The verdict is shared by every request, so one
// request's cancellation must not decide it.
func (e *entry) check(ctx context.Context) *InvalidCRDError {
	e.linted.Do(func() {
		if errs := lint.CheckCRD(context.WithoutCancel(ctx), e.crd, e.opts.Lint); len(errs) > 0 {
			e.invalid = &InvalidCRDError{CRD: e.crd, Errors: errs}
		}
	})
	return e.invalid
}

// validator returns the compiled validator of a served version; what names
// the request for a NoMatchError.
func (e *entry) validator(ctx context.Context, version, what string) (*engine.Validator, error) {
	if invalid := e.check(ctx); invalid != nil {
		return nil, invalid
	}
	c := e.versions[version]
	if c == nil {
		return nil, e.noVersion(version, what)
	}
	c.once.Do(func() { c.validator, c.err = engine.Compile(e.crd, version, e.opts.Engine) })
	return c.validator, c.err
}

// compileAll lints the CRD and compiles every served version now, so that
// a reload never publishes a CRD that would fail its first request.
func (e *entry) compileAll(ctx context.Context) error {
	if invalid := e.check(ctx); invalid != nil {
		return invalid
	}
	for _, version := range slices.Sorted(maps.Keys(e.versions)) {
		if _, err := e.validator(ctx, version, "version "+version); err != nil {
			return err
		}
	}
	return nil
}

// noVersion explains why version is not served.
func (e *entry) noVersion(version, what string) *NoMatchError {
	for _, v := range e.crd.Spec.Versions {
		if v.Name == version {
			return &NoMatchError{What: what, Reason: "version " + version + " of " + schema.CRDKind + " \"" + e.crd.Name() + "\" is not served"}
		}
	}
	return &NoMatchError{What: what, Reason: schema.CRDKind + " \"" + e.crd.Name() + "\" has no version " + version}
}
