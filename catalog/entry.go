package catalog

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// entry is one CRD with its lint verdict and compiled versions, each
// computed on first use and once.
type entry struct {
	crd  *schema.CRD
	opts Options

	linted   sync.Once
	isLinted atomic.Bool
	// preparsed starts parsing the CRD's rules on the other cores at its
	// first use (celrules.Preparse).
	preparsed sync.Once
	// linting is set while a goroutine lints the CRD (see Preparing).
	linting atomic.Bool
	invalid *InvalidCRDError

	versions map[string]*compiled
}

// compiled is the validator of one served version, compiled once.
type compiled struct {
	once      sync.Once
	validator *engine.Validator
	err       error
	// early starts the compilation beside the CRD's lint (see validator).
	early sync.Once
	// compiling is set while a goroutine compiles the version.
	compiling atomic.Bool
}

// compile compiles the version once; a panic (a bug in kval) is its error.
func (c *compiled) compile(e *entry, version string) {
	c.once.Do(func() {
		c.compiling.Store(true)
		defer c.compiling.Store(false)
		defer func() {
			if p := recover(); p != nil {
				c.err = fmt.Errorf("compiling version %s of %s %q panicked: %v", version, schema.CRDKind, e.crd.Name(), p)
			}
		}()
		c.validator, c.err = engine.Compile(e.crd, version, e.opts.Engine)
	})
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

// servedAsStored reports whether kube-apiserver serves crd though it
// would refuse to create it today: a CRD with spec.preserveUnknownFields:
// true (carried from v1beta1) that an unchanged update of itself keeps
// valid. kube-apiserver serves its objects without pruning; kval lint
// still reports the refusal on create.
func servedAsStored(ctx context.Context, crd *schema.CRD, opts lint.Options) bool {
	keeps := crd.Spec.PreserveUnknownFields != nil && *crd.Spec.PreserveUnknownFields
	return keeps && len(lint.CheckCRDUpdate(context.WithoutCancel(ctx), crd, crd, opts)) == 0
}

// check lints the CRD once. The verdict is shared by every request, so one
// request's cancellation must not decide it.
func (e *entry) check(ctx context.Context) *InvalidCRDError {
	e.linted.Do(func() {
		e.linting.Store(true)
		defer e.linting.Store(false)
		if errs := lint.CheckCRD(context.WithoutCancel(ctx), e.crd, e.opts.Lint); len(errs) > 0 && !servedAsStored(ctx, e.crd, e.opts.Lint) {
			e.invalid = &InvalidCRDError{CRD: e.crd, Errors: errs}
		}
		e.isLinted.Store(true)
	})
	return e.invalid
}

// validator returns the compiled validator of a served version; what names
// the request for a NoMatchError.
func (e *entry) validator(ctx context.Context, version string, what wanted) (*engine.Validator, error) {
	c := e.versions[version]
	if c != nil && !e.isLinted.Load() {
		// The first requests of a CRD wait for its lint and its compilation,
		// and the others of that CRD wait with them: on two cores the two
		// overlap. The validator is used only if the lint passes.
		e.preparsed.Do(func() { celrules.Preparse(e.crd.Spec.Expressions()) })
		c.early.Do(func() { go c.compile(e, version) })
	}
	if invalid := e.check(ctx); invalid != nil {
		return nil, invalid
	}
	if c == nil {
		return nil, e.noVersion(version, what)
	}
	c.compile(e, version)
	return c.validator, c.err
}

// preparing reports whether a goroutine now lints the CRD or compiles
// version.
func (e *entry) preparing(version string) bool {
	if e.linting.Load() {
		return true
	}
	c := e.versions[version]
	return c != nil && c.compiling.Load()
}

// compileAll lints the CRD and compiles every served version now, so that
// a reload never publishes a CRD that would fail its first request.
func (e *entry) compileAll(ctx context.Context) error {
	if invalid := e.check(ctx); invalid != nil {
		return invalid
	}
	for _, version := range slices.Sorted(maps.Keys(e.versions)) {
		if _, err := e.validator(ctx, version, wanted{"kind", e.crd.Spec.Names.Kind, e.crd.Spec.Group + "/" + version}); err != nil {
			return err
		}
	}
	return nil
}

// noVersion explains why version is not served.
func (e *entry) noVersion(version string, what wanted) *NoMatchError {
	for _, v := range e.crd.Spec.Versions {
		if v.Name == version {
			return &NoMatchError{What: what.String(), Reason: "version " + version + " of " + schema.CRDKind + " \"" + e.crd.Name() + "\" is not served"}
		}
	}
	return &NoMatchError{What: what.String(), Reason: schema.CRDKind + " \"" + e.crd.Name() + "\" has no version " + version}
}
