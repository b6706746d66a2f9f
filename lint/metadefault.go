package lint

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/objectmeta"
)

// The type meta of the object a default inside apiVersion, kind or metadata is
// checked in, as kube-apiserver builds it.
const (
	surroundingAPIVersion = "validation/v1"
	surroundingKind       = "Validation"
)

// step is one step from a resource to a node below it: a property or an array item.
type step struct {
	property string
	isIndex  bool
}

func childStep(name string) step { return step{property: name} }
func indexStep() step            { return step{isIndex: true} }

// then returns the resource with one more step to the node. The steps
// share their array with r's: the defaults walk is depth first and keeps
// no resource past a call, so a schema N levels deep costs O(N), not
// O(N²) (issue 27).
func (r resource) then(s step) resource {
	return resource{schema: r.schema, steps: append(r.steps, s)}
}

// surround puts value at the node's place in an otherwise empty resource
// with the surrounding type meta (unless the value provides it).
func (r resource) surround(value any) map[string]any {
	for i := len(r.steps) - 1; i >= 0; i-- {
		if r.steps[i].isIndex {
			value = []any{value}
		} else {
			value = map[string]any{r.steps[i].property: value}
		}
	}
	obj, ok := value.(map[string]any)
	if !ok {
		// Only reachable through items of the resource itself, which are
		// never inside metadata; keep the value reachable anyway.
		obj = map[string]any{}
	}
	if _, found := obj["kind"]; !found {
		obj["kind"] = surroundingKind
	}
	if _, found := obj["apiVersion"]; !found {
		obj["apiVersion"] = surroundingAPIVersion
	}
	return obj
}

// checkMetaDefault checks a default inside apiVersion, kind or metadata of a
// resource: in a surrounding object, the resource's type meta and metadata
// must be valid.
func checkMetaDefault(ctx context.Context, path *field.Path, value any, res resource) field.ErrorList {
	obj := res.surround(jsonvalue.DeepCopy(value))
	if err, _ := objectmeta.Coerce(nil, obj, res.schema, objectmeta.CoerceOptions{ResourceRoot: true}); err != nil {
		return field.ErrorList{field.Invalid(path, value, "must result in valid metadata: "+err.Error())}
	}
	if errs := objectmeta.Validate(ctx, nil, obj, res.schema, true); len(errs) > 0 {
		return field.ErrorList{field.Invalid(path, value, "must result in valid metadata: "+errs.ToAggregate().Error())}
	}
	return nil
}
