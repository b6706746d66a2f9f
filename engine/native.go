package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// Native is a kind's own validation in kube-apiserver, Go code rather than
// a schema: the registry strategies of the built-in kinds (package
// strategy). A Validator with one runs it in place of the custom-resource
// pipeline's decoding, defaulting, preparation and validation; the schema
// still finds the unknown fields (Result.Pruned, strict 400s), and kval's
// own checks (the mutability extensions, Options.Extensions) run after it.
// Updates of the status subresource keep the schema's pipeline, unless
// Native is a SubresourceNative that admits them; updates of other
// subresources are refused unless it admits them.
type Native interface {
	Admit(ctx context.Context, req NativeRequest) NativeAnswer
}

// SubresourceNative is a Native that also admits updates of subresources:
// the status (kube-apiserver's status strategy of the kind), a Namespace's
// finalize.
type SubresourceNative interface {
	Native
	AdmitsSubresource(name string) bool
}

// AdmitsSubresource reports whether n admits updates of a subresource.
func AdmitsSubresource(n Native, name string) bool {
	s, ok := n.(SubresourceNative)
	return ok && s.AdmitsSubresource(name)
}

// NativeFunc returns the Native validation of a CRD version, nil where
// the kind has none.
type NativeFunc func(crd *schema.CRD, version string) Native

// NativeRequest is a request as Native sees it. Native must not change
// its objects (they are the request's own).
type NativeRequest struct {
	Operation   Operation
	Subresource string
	Object      map[string]any
	// OldObject is nil on create.
	OldObject map[string]any
	// OldIsManifest: OldObject is a file's manifest (Request.OldIsManifest).
	OldIsManifest bool
	// ObjectsUnused: nothing reads the answer's Object and OldObject, so
	// Native may leave them nil.
	ObjectsUnused bool
	// UID is the uid of a created object (Request.UID), empty when the
	// frontend has no storage.
	UID string
	// NameGenerated: the frontend drew the name from generateName
	// (Request.NameGenerated).
	NameGenerated bool
}

// NativeAnswer is kube-apiserver's answer to a NativeRequest.
type NativeAnswer struct {
	// Object is the object kube-apiserver returns, nil when it does not
	// decode.
	Object map[string]any
	// OldObject is the old object as stored, on update.
	OldObject map[string]any
	Errors    field.ErrorList
	Warnings  []string
	// BadRequest is the decoder's 400 (a value of the wrong type, illegal
	// base64).
	BadRequest error
}

// validateNative runs a request through the Validator's Native validation:
// kube-apiserver decodes and validates built-in kinds in Go, then kval's own
// checks run as they do for custom resources.
func (v *Validator) validateNative(ctx context.Context, req Request, ops Ops) (*Result, error) {
	answer := v.native.Admit(ctx, v.nativeRequest(req, ops))
	r := &run{v: v, req: &req, ops: ops, res: &Result{}}
	if answer.BadRequest != nil {
		r.res.BadRequest = answer.BadRequest
		return r.res, r.stopped(ctx)
	}
	r.res.Pruned = v.decode(ctx, req.Object, !req.Applied).Pruned
	if req.FieldValidation == FieldValidationStrict && len(r.res.Pruned) > 0 {
		r.res.BadRequest = &UnknownFieldsError{Paths: r.res.Pruned}
		return r.res, r.stopped(ctx)
	}
	r.record(strategy, answer.Errors)
	r.res.Warnings = answer.Warnings
	r.obj, r.old, r.res.Object = answer.Object, answer.OldObject, answer.Object
	r.validateKval(ctx)
	if req.KeepStored && r.res.Object != nil {
		r.res.Stored = jsonvalue.DeepCopyObject(r.res.Object)
	}
	return r.res, r.stopped(ctx)
}

// nativeRequest is the request as Native sees it. Native reads the
// objects and returns new ones, so they need no copy: the schema's
// decoding, which prunes and defaults them in place, runs after it.
func (v *Validator) nativeRequest(req Request, ops Ops) NativeRequest {
	return NativeRequest{Operation: req.Operation, Subresource: req.Subresource,
		Object: req.Object, OldObject: req.OldObject, OldIsManifest: req.OldIsManifest, UID: req.UID,
		NameGenerated: req.NameGenerated,
		ObjectsUnused: req.ObjectNotRead && !req.KeepStored && !v.kvalChecksOn(ops)}
}

// kvalChecksOn says whether kval's own checks (the mutability extensions,
// Options.Extensions) run on requests of ops: they read the answer's
// objects.
func (v *Validator) kvalChecksOn(ops Ops) bool {
	for _, s := range steps {
		if s.owner == kval && s.on&ops != 0 {
			return true
		}
	}
	for _, c := range v.checks {
		if c.On&ops != 0 {
			return true
		}
	}
	return false
}

// validateKval runs kval's own checks: the mutability extensions and
// Options.Extensions, on a Native validator's answer.
func (r *run) validateKval(ctx context.Context) {
	if r.obj == nil {
		return
	}
	for _, s := range steps {
		if s.owner == kval && ctx.Err() == nil && r.applies(s.on, kval) {
			r.record(kval, s.run(r, ctx))
		}
	}
	r.runChecks(ctx)
}
