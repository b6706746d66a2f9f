package engine

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/objectmeta"
)

// Create runs a create request: decode, prepare as kube-apiserver's strategy
// does, and validate. obj is changed in place; Result.Object is the object
// as it would be stored.
func (v *Validator) Create(obj map[string]any) *Result {
	res := v.Decode(obj)
	if !res.Valid() {
		return res
	}
	v.prepareCreate(obj, res)
	res.Errors = v.validateCreate(context.Background(), obj, res)
	if len(res.Errors) == 0 {
		// The generic registry's own check, when the strategy found nothing.
		res.Errors = objectmeta.ValidateCommon(obj, v.crd.Namespaced())
	}
	res.Warnings = append(res.Warnings, finalizerWarnings(obj, nil)...)
	return res
}

// Update runs an update request of old to obj. Both are decoded (old as it
// was stored); obj is changed in place.
func (v *Validator) Update(old, obj map[string]any) *Result {
	res, oldObj := v.decodeBoth(old, obj)
	if !res.Valid() {
		return res
	}
	v.prepareUpdate(obj, oldObj, res)
	borrowed := lendResourceVersion(obj, oldObj)
	// The generic registry checks metadata before the strategy does.
	res.Errors = objectmeta.ValidateCommonUpdate(obj, oldObj, v.crd.Namespaced())
	res.Errors = append(res.Errors, v.validateUpdate(context.Background(), obj, oldObj, res)...)
	res.Warnings = append(res.Warnings, finalizerWarnings(obj, oldObj)...)
	if borrowed {
		delete(metadataOf(obj), "resourceVersion")
	}
	return res
}

// UpdateStatus runs an update of the status subresource: only the status of
// obj is taken, everything else is the old object's.
func (v *Validator) UpdateStatus(old, obj map[string]any) *Result {
	res, oldObj := v.decodeBoth(old, obj)
	if !res.Valid() {
		return res
	}
	stored := prepareStatusUpdate(obj, oldObj)
	res.Object = stored
	borrowed := lendResourceVersion(stored, oldObj)
	res.Errors = objectmeta.ValidateCommonUpdate(stored, oldObj, v.crd.Namespaced())
	res.Errors = append(res.Errors, v.validateStatusUpdate(context.Background(), stored, oldObj, res)...)
	if borrowed {
		delete(metadataOf(stored), "resourceVersion")
	}
	return res
}

// decodeBoth decodes the new object and a copy of the old one. An old object
// that does not decode is reported under the path "<old object>".
func (v *Validator) decodeBoth(old, obj map[string]any) (*Result, map[string]any) {
	oldObj := jsonvalue.DeepCopyObject(old)
	oldRes := v.Decode(oldObj)
	res := v.Decode(obj)
	if !oldRes.Valid() {
		for _, e := range oldRes.Errors {
			e.Detail = "in the old object: " + e.Detail
			res.Errors = append(res.Errors, e)
		}
		res.Object = nil
	}
	return res, oldObj
}

func (v *Validator) validateCreate(ctx context.Context, obj map[string]any, res *Result) field.ErrorList {
	if errs := v.validateTypeMeta(obj); len(errs) > 0 {
		return errs
	}
	errs := objectmeta.ValidateRoot(ctx, obj, v.crd.Namespaced())
	errs = append(errs, v.validateValues(obj, nil, res)...)
	errs = append(errs, v.validateScaleSpec(obj)...)
	errs = append(errs, v.validateScaleStatus(obj)...)
	errs = append(errs, v.validateEmbedded(ctx, obj)...)
	errs = append(errs, v.validateListTypes(obj, nil, res)...)
	return append(errs, v.validateRules(ctx, obj, nil, errs, res)...)
}

func (v *Validator) validateUpdate(ctx context.Context, obj, old map[string]any, res *Result) field.ErrorList {
	if errs := v.validateTypeMeta(obj); len(errs) > 0 {
		return errs
	}
	errs := objectmeta.ValidateRootUpdate(ctx, obj, old, v.crd.Namespaced())
	errs = append(errs, v.validateValues(obj, old, res)...)
	errs = append(errs, v.validateScaleSpec(obj)...)
	errs = append(errs, v.validateScaleStatus(obj)...)
	errs = append(errs, v.validateEmbedded(ctx, obj)...)
	errs = append(errs, v.validateListTypes(obj, old, res)...)
	errs = append(errs, v.validateRules(ctx, obj, old, errs, res)...)
	return append(errs, v.mutability.Check(nil, obj, old)...)
}

func (v *Validator) validateStatusUpdate(ctx context.Context, obj, old map[string]any, res *Result) field.ErrorList {
	if errs := v.validateTypeMeta(obj); len(errs) > 0 {
		return errs
	}
	errs := objectmeta.ValidateRootUpdate(ctx, obj, old, v.crd.Namespaced())
	if _, has := obj["status"]; has {
		errs = append(errs, v.validateStatusValues(obj, old, res)...)
	}
	errs = append(errs, v.validateScaleStatus(obj)...)
	errs = append(errs, v.validateListTypes(obj, old, res)...)
	errs = append(errs, v.validateRules(ctx, obj, old, errs, res)...)
	return append(errs, v.mutability.Check(nil, obj, old)...)
}

// validateEmbedded checks the embedded resources of obj; schemas without
// any need no walk of the object.
func (v *Validator) validateEmbedded(ctx context.Context, obj map[string]any) field.ErrorList {
	if !v.embedded {
		return nil
	}
	return objectmeta.Validate(ctx, nil, obj, v.schema, false)
}
