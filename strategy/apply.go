package strategy

import (
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// applied is the object `kubectl apply` of the new manifest makes over
// stored, the object its old manifest created: the three-way strategic
// merge patch of the old manifest (the last applied configuration), the
// new one and the stored object, applied to the stored object. A patched
// object that does not convert to the kind's Go type is kube-apiserver's
// 422 at "patch" (patchErr), as its PATCH handler answers.
func (a *admission) applied(stored runtime.Object) (obj map[string]any, patchErr *field.Error, err error) {
	merged, patch, err := a.merge(stored)
	if err != nil {
		return nil, nil, err
	}
	versioned, err := scheme.New(a.kind.gvk)
	if err != nil {
		return nil, nil, err
	}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(merged, versioned, false); err != nil {
		var patchMap map[string]any
		if err := utiljson.Unmarshal(patch, &patchMap); err != nil {
			return nil, nil, err
		}
		return nil, field.Invalid(field.NewPath("patch"), fmt.Sprintf("%+v", patchMap), err.Error()), nil
	}
	return merged, nil, nil
}

// merge is the stored object with the patch applied, and the patch.
func (a *admission) merge(stored runtime.Object) (merged map[string]any, patch []byte, err error) {
	original, modified, current, err := a.patchInputs(stored)
	if err != nil {
		return nil, nil, err
	}
	versioned, err := scheme.New(a.kind.gvk)
	if err != nil {
		return nil, nil, err
	}
	lookup, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return nil, nil, err
	}
	patch, err = strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookup, true)
	if err != nil {
		return nil, nil, fmt.Errorf("applying the new manifest over the old one: %w", err)
	}
	out, err := strategicpatch.StrategicMergePatchUsingLookupPatchMeta(current, patch, lookup)
	if err != nil {
		return nil, nil, fmt.Errorf("applying the new manifest over the old one: %w", err)
	}
	return merged, patch, json.Unmarshal(out, &merged)
}

// patchInputs are kubectl apply's three objects as JSON: the last applied
// configuration (the old manifest), the new manifest, the live object.
func (a *admission) patchInputs(stored runtime.Object) (original, modified, current []byte, err error) {
	if original, err = json.Marshal(a.req.OldObject); err != nil {
		return nil, nil, nil, err
	}
	if modified, err = json.Marshal(a.req.Object); err != nil {
		return nil, nil, nil, err
	}
	current, err = a.encodeJSON(stored)
	return original, modified, current, err
}

// encodeJSON is the stored object as JSON in the request's version, as
// kubectl reads it from the cluster.
func (a *admission) encodeJSON(obj runtime.Object) ([]byte, error) {
	out, err := encode(obj, a.kind.gvk.GroupVersion())
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}
