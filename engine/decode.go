package engine

import (
	"context"
	"sort"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/objectmeta"
	"github.com/kval-dev/kval/prune"
)

// Decode runs the decoding steps kube-apiserver applies to a request body,
// in its order: check apiVersion and kind, decode metadata (dropping unknown
// fields), prune unknown fields, drop non-nullable nulls without default,
// coerce embedded resources, restore the root's type and object meta, and
// apply defaults. obj is changed in place. Decoding errors are the errors a
// 400 Bad Request would carry.
func (v *Validator) Decode(obj map[string]any) *Result {
	return v.DecodeContext(context.Background(), obj)
}

// DecodeContext is Decode that stops pruning and defaulting early once ctx
// ends: obj is then decoded in part and the Result must not be trusted (the
// caller checks ctx, as Validate does).
func (v *Validator) DecodeContext(ctx context.Context, obj map[string]any) *Result {
	return v.decode(ctx, obj, true)
}

// decode is DecodeContext; pruneNulls false keeps the non-nullable nulls
// (see Request.Applied).
func (v *Validator) decode(ctx context.Context, obj map[string]any, pruneNulls bool) *Result {
	res := &Result{}
	if res.Errors = typeMetaErrors(obj); len(res.Errors) > 0 {
		return res
	}
	// Plain metadata is already what the ObjectMeta round trip gives back.
	roundTrip := !objectmeta.IsNormalized(obj["metadata"])
	var meta *metav1.ObjectMeta
	foundMeta := false
	if roundTrip {
		var unknownMeta []string
		var err error
		meta, foundMeta, unknownMeta, err = objectmeta.GetObjectMeta(obj, objectmeta.MetaOptions{ReturnUnknownFieldPaths: true})
		if err != nil {
			res.Errors = append(res.Errors, field.Invalid(field.NewPath("metadata"), obj["metadata"], err.Error()))
			return res
		}
		res.Pruned = append(res.Pruned, unknownMeta...)
	}
	if v.prunes {
		pruned := prune.PruneContext(ctx, obj, v.schema, prune.Options{ResourceRoot: true})
		res.Pruned = append(res.Pruned, pruned.Pruned...)
		res.TypeConflicts = pruned.Conflicts
		if pruneNulls && pruned.MayHoldNulls {
			v.defaulter.PruneNullsContext(ctx, obj)
		}
	}
	if v.embedded {
		coerceErr, unknownEmbedded := objectmeta.Coerce(nil, obj, v.schema, objectmeta.CoerceOptions{ReturnUnknownFieldPaths: true})
		res.Pruned = append(res.Pruned, unknownEmbedded...)
		if coerceErr != nil {
			res.Errors = append(res.Errors, coerceErr)
			return res
		}
	}
	if foundMeta {
		if err := objectmeta.SetObjectMeta(obj, meta); err != nil {
			res.Errors = append(res.Errors, field.Invalid(field.NewPath("metadata"), obj["metadata"], err.Error()))
			return res
		}
	}
	v.defaulter.DefaultContext(ctx, obj)
	sort.Strings(res.Pruned)
	res.Object = obj
	return res
}

// typeMetaErrors are the errors of an apiVersion or kind that is not a
// string: the decoder refuses the body before anything else.
func typeMetaErrors(obj map[string]any) field.ErrorList {
	var errs field.ErrorList
	for _, k := range []string{"apiVersion", "kind"} {
		if val, found := obj[k]; found {
			if _, ok := val.(string); !ok {
				errs = append(errs, field.Invalid(field.NewPath(k), val, "must be a string"))
			}
		}
	}
	return errs
}
