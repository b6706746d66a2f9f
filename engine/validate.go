package engine

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// Validate runs one request as kube-apiserver would: decode the object (and
// a copy of the old one), prepare it as the registry and the strategy do,
// then run every pipeline step and extension check that applies. It returns
// an error and no Result for a request it cannot run (an update without an
// old object, an unknown subresource). When ctx ends during the request,
// decoding, pruning, defaulting and every step stop early, and the error is
// ctx's; the incomplete Result then carries an internal error too, so that
// even a caller that ignored the error could not read it as allowed.
func (v *Validator) Validate(ctx context.Context, req Request) (*Result, error) {
	ops, err := req.ops()
	switch {
	case errors.Is(err, errOtherSubresource) && v.native != nil && AdmitsSubresource(v.native, req.Subresource):
		return v.validateNative(ctx, req, 0) // kval's own checks run on no such update
	case err != nil:
		return nil, err
	}
	if v.scope == BeyondKubeAPIServer && req.Scope != BeyondKubeAPIServer {
		return nil, fmt.Errorf("the validator of %s %q version %s was compiled for Scope BeyondKubeAPIServer alone (Options.Scope): it cannot run every check", schema.CRDKind, v.crd.Name(), v.version)
	}
	if v.native != nil && (ops != OnStatusUpdate || AdmitsSubresource(v.native, StatusSubresource)) {
		return v.validateNative(ctx, req, ops)
	}
	_, userStatus := req.Object["status"]
	r := &run{v: v, req: &req, ops: ops, userStatus: userStatus}
	switch {
	case r.decode(ctx) && ctx.Err() == nil:
		borrowed := r.prepare()
		r.validate(ctx)
		r.finish(ctx, borrowed)
	case ctx.Err() == nil && req.KvalChecksAfterErrors && r.rejectedForUnknownFieldsOnly():
		r.kvalChecksOnly(ctx)
	}
	return r.res, r.stopped(ctx)
}

// stopped returns ctx's error once ctx has ended, and then marks the Result
// as failed, without an object: a stopped walk may have missed errors and
// left the object half pruned.
func (r *run) stopped(ctx context.Context) error {
	err := ctx.Err()
	if err != nil {
		r.res.Object = nil
		r.res.Errors = append(r.res.Errors, field.InternalError(nil, fmt.Errorf("the check did not finish: %w", err)))
	}
	return err
}

// rejectedForUnknownFieldsOnly: strict field validation refused an object
// that otherwise decoded (its unknown fields are pruned).
func (r *run) rejectedForUnknownFieldsOnly() bool {
	return r.res.BadRequest != nil && len(r.res.Errors) == 0
}

// kvalChecksOnly runs kval's own checks on an object strict field
// validation refused, for a request that asks for both rounds at once:
// kube-apiserver checks nothing more after its decoder refuses a request,
// and returns no object.
func (r *run) kvalChecksOnly(ctx context.Context) {
	r.prepare()
	r.onlyKval = true
	r.validate(ctx)
}

// decode decodes the new object, and on update a copy of the old one, and
// reports whether validation can go on. An old object that does not decode
// is reported under the path "<old object>".
func (r *run) decode(ctx context.Context) bool {
	r.res = r.v.decode(ctx, r.req.Object, !r.req.Applied)
	if ctx.Err() != nil {
		return false
	}
	if r.req.OldObject != nil {
		r.old = r.req.OldObject
		if !r.req.OldObjectDisposable {
			r.old = jsonvalue.DeepCopyObject(r.old)
		}
		oldRes := r.v.DecodeContext(ctx, r.old)
		for _, e := range oldRes.Errors {
			e.Detail = "in the old object: " + e.Detail
			r.res.Errors = append(r.res.Errors, e)
		}
		if oldRes.Valid() {
			// kube-apiserver's old object is read from storage.
			r.v.readBackDecoded(ctx, r.old)
		}
	}
	if !r.res.Valid() {
		r.res.Object = nil
		return false
	}
	if r.req.FieldValidation == FieldValidationStrict && len(r.res.Pruned) > 0 {
		r.res.BadRequest = &UnknownFieldsError{Paths: r.res.Pruned}
		r.res.Object = nil
		return false
	}
	return true
}

// prepare changes the object as kube-apiserver does before it validates,
// and reports whether the object borrowed the old object's resourceVersion.
func (r *run) prepare() (borrowed bool) {
	r.obj = r.req.Object
	switch r.ops {
	case OnCreate:
		r.v.prepareCreate(r.obj, r.res, r.userStatus)
		return false
	case OnUpdate:
		r.v.prepareUpdate(r.obj, r.old, r.res)
	case OnStatusUpdate:
		r.v.clearClusterNamespace(r.old)
		r.obj = prepareStatusUpdate(r.obj, r.old)
		r.res.Object = r.obj
	}
	return lendResourceVersion(r.obj, r.old)
}

// finish adds kube-apiserver's finalizer warnings, gives back a borrowed
// resourceVersion, and reads the object back as kube-apiserver's response
// does.
func (r *run) finish(ctx context.Context, borrowed bool) {
	if r.ops != OnStatusUpdate && r.req.Scope == AllChecks {
		r.res.Warnings = append(r.res.Warnings, finalizerWarnings(r.obj, r.old)...)
	}
	if borrowed {
		delete(metadataOf(r.obj), "resourceVersion")
	}
	if r.req.KeepStored && r.res.Object != nil {
		r.res.Stored = jsonvalue.DeepCopyObject(r.res.Object)
	}
	var stored map[string]any
	if r.v.webhookReadBack && r.res.Object != nil {
		stored = jsonvalue.DeepCopyObject(r.res.Object)
	}
	r.v.readBack(ctx, r.res.Object)
	if r.v.webhookReadBackNoted(ctx, stored, r.res.Object) {
		r.res.Notes = append(r.res.Notes, NoteWebhookReadBack)
	}
}
