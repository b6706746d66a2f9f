package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/objectmeta"
)

// owner says who performs a step in a cluster.
type owner int

const (
	// registry: kube-apiserver's generic registry (rest.ValidateCreate,
	// rest.ValidateUpdate), around the strategy.
	registry owner = iota
	// strategy: kube-apiserver's custom-resource strategy.
	strategy
	// kval: checks kube-apiserver does not perform (seed 000, extensions).
	kval
)

// step is one check of the validation pipeline.
type step struct {
	name  string
	on    Ops
	owner owner
	// stops ends the request when the step finds errors (kube-apiserver
	// checks nothing else when apiVersion or kind are wrong).
	stops bool
	// onlyIfValid runs the step only when no earlier step found an error.
	onlyIfValid bool
	run         func(r *run, ctx context.Context) field.ErrorList
}

// steps is the validation pipeline, in kube-apiserver's order, then kval's
// own checks. Each step names the requests it applies to: an update-only
// check is one entry here. Checks of other packages are added through
// Options.Extensions, after these.
var steps = []step{
	{name: "object meta update (registry)", on: OnUpdates, owner: registry, run: (*run).commonMetaUpdate},
	{name: "apiVersion and kind", on: OnAll, owner: strategy, stops: true, run: (*run).typeMeta},
	{name: "object meta", on: OnAll, owner: strategy, run: (*run).rootMeta},
	{name: "values", on: OnCreate | OnUpdate, owner: strategy, run: (*run).values},
	{name: "status values", on: OnStatusUpdate, owner: strategy, run: (*run).statusValues},
	{name: "scale spec replicas", on: OnCreate | OnUpdate, owner: strategy, run: (*run).scaleSpec},
	{name: "scale status", on: OnAll, owner: strategy, run: (*run).scaleStatus},
	{name: "embedded resources", on: OnCreate | OnUpdate, owner: strategy, run: (*run).embeddedResources},
	{name: "list types", on: OnAll, owner: strategy, run: (*run).listTypes},
	{name: "x-kubernetes-validations", on: OnAll, owner: strategy, run: (*run).rules},
	{name: "object meta (registry)", on: OnCreate, owner: registry, onlyIfValid: true, run: (*run).commonMeta},
	{name: "mutability extensions", on: OnUpdates, owner: kval, run: (*run).mutability},
}

// run is the state of one request going through the steps.
type run struct {
	v   *Validator
	req *Request
	ops Ops
	// obj is the object being validated (for a status update, the old
	// object with the new status); old is the decoded old object.
	obj, old map[string]any
	res      *Result
	// userStatus: the request's object carried a status before decoding.
	userStatus bool
	// strategyErrs are the errors of the strategy's steps so far: the CEL
	// rules do not run after some of them.
	strategyErrs field.ErrorList
	// onlyKval runs kval's own checks alone (see kvalChecksOnly).
	onlyKval bool
}

func (r *run) ratcheting() bool { return r.old != nil && !r.req.DisableRatcheting }

// validate runs every step that applies to the request.
func (r *run) validate(ctx context.Context) {
	for _, s := range steps {
		if ctx.Err() != nil {
			return // the caller stopped waiting: Validate returns ctx's error
		}
		if !r.applies(s.on, s.owner) || (s.onlyIfValid && len(r.res.Errors) > 0) {
			continue
		}
		errs := s.run(r, ctx)
		r.record(s.owner, errs)
		if s.stops && len(errs) > 0 {
			return
		}
	}
	r.runChecks(ctx)
}

// runChecks runs the checks of Options.Extensions that apply.
func (r *run) runChecks(ctx context.Context) {
	for _, c := range r.v.checks {
		if ctx.Err() == nil && r.applies(c.On, kval) {
			r.record(kval, c.Validate(ctx, r.checkInput()))
		}
	}
}

// applies says whether a step of owner o runs on this request. kval's own
// checks are a validating admission webhook's: kube-apiserver calls the
// webhook only for requests its own validation accepted, so with
// AllChecks they do not run after an error, unless the request asks for
// both rounds at once (KvalChecksAfterErrors).
func (r *run) applies(on Ops, o owner) bool {
	switch {
	case on&r.ops == 0, r.onlyKval && o != kval:
		return false
	case o == kval:
		return r.req.Scope == BeyondKubeAPIServer || len(r.res.Errors) == 0 || r.req.KvalChecksAfterErrors
	}
	return r.req.Scope == AllChecks
}

func (r *run) record(o owner, errs field.ErrorList) {
	r.res.Errors = append(r.res.Errors, errs...)
	if o == kval {
		r.res.KvalErrors = append(r.res.KvalErrors, errs...)
	}
	if o == strategy {
		r.strategyErrs = append(r.strategyErrs, errs...)
	}
}

func (r *run) commonMeta(context.Context) field.ErrorList {
	return objectmeta.ValidateCommon(r.obj, r.v.crd.Namespaced())
}

func (r *run) commonMetaUpdate(context.Context) field.ErrorList {
	return objectmeta.ValidateCommonUpdate(r.obj, r.old, r.v.crd.Namespaced())
}

func (r *run) typeMeta(context.Context) field.ErrorList { return r.v.validateTypeMeta(r.obj) }

func (r *run) rootMeta(ctx context.Context) field.ErrorList {
	if r.old == nil {
		return objectmeta.ValidateRoot(ctx, r.obj, r.v.crd.Namespaced())
	}
	return objectmeta.ValidateRootUpdate(ctx, r.obj, r.old, r.v.crd.Namespaced())
}

func (r *run) scaleSpec(context.Context) field.ErrorList   { return r.v.validateScaleSpec(r.obj) }
func (r *run) scaleStatus(context.Context) field.ErrorList { return r.v.validateScaleStatus(r.obj) }

// embeddedResources checks the embedded resources of the object; schemas
// without any need no walk of the object.
func (r *run) embeddedResources(ctx context.Context) field.ErrorList {
	if !r.v.embedded {
		return nil
	}
	return objectmeta.Validate(ctx, nil, r.obj, r.v.schema, false)
}

func (r *run) mutability(ctx context.Context) field.ErrorList {
	return r.v.mutability.CheckContext(ctx, nil, r.obj, r.old)
}
