package strategy

import (
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

// applied is the object `kubectl apply` of the new manifest makes over
// stored, the object its old manifest created: the three-way strategic
// merge patch of the old manifest (the last applied configuration), the
// new one and the stored object, applied to the stored object.
func (a *admission) applied(stored runtime.Object) (map[string]any, error) {
	current, err := a.encodeJSON(stored)
	if err != nil {
		return nil, err
	}
	original, err := json.Marshal(a.req.OldObject)
	if err != nil {
		return nil, err
	}
	modified, err := json.Marshal(a.req.Object)
	if err != nil {
		return nil, err
	}
	versioned, err := scheme.New(a.kind.gvk)
	if err != nil {
		return nil, err
	}
	lookup, err := strategicpatch.NewPatchMetaFromStruct(versioned)
	if err != nil {
		return nil, err
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, lookup, true)
	if err != nil {
		return nil, fmt.Errorf("applying the new manifest over the old one: %w", err)
	}
	merged, err := strategicpatch.StrategicMergePatchUsingLookupPatchMeta(current, patch, lookup)
	if err != nil {
		return nil, fmt.Errorf("applying the new manifest over the old one: %w", err)
	}
	var out map[string]any
	return out, json.Unmarshal(merged, &out)
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
