package kvaltest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	jsonpatch "gopkg.in/evanphx/json-patch.v4"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// customResourcePatchTypes are the patch types kube-apiserver accepts for
// custom resources (strategic merge patch needs Go types).
var customResourcePatchTypes = []types.PatchType{types.JSONPatchType, types.MergePatchType, types.ApplyYAMLPatchType}

// Patch applies a patch to the stored object and validates the result as
// an update of it (server-side apply: see apply.go); obj is then the stored
// object.
func (c *Client) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
	return c.patch(ctx, obj, patch, "", (&client.PatchOptions{}).ApplyOptions(opts))
}

func (c *Client) patch(ctx context.Context, obj client.Object, patch client.Patch, subresource string, o *client.PatchOptions) error {
	if patch.Type() == types.ApplyPatchType || patch.Type() == types.ApplyCBORPatchType {
		return c.apply(ctx, obj, patch, subresource, o)
	}
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	if t.kind.custom() && patch.Type() == types.StrategicMergePatchType {
		return unsupportedPatch(customResourcePatchTypes...)
	}
	data, err := patch.Data(obj)
	if err != nil {
		return fmt.Errorf("kvaltest: the %s patch of %s %q: %w", patch.Type(), t.gvk.Kind, t.key.name, err)
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	current, err := c.current(t, subresource)
	if err != nil {
		return err
	}
	patchedJSON, err := c.applyPatch(t, patch.Type(), data, inVersion(current, t.gvk.GroupVersion()))
	if err != nil {
		return err
	}
	patched, err := manifest.DecodeObject(patchedJSON)
	if err != nil {
		return apierrors.NewBadRequest(fmt.Sprintf("the patched object: %v", err))
	}
	if err := t.checkPatchedResourceVersion(patched, current); err != nil {
		return err
	}
	out, err := c.updateLocked(ctx, t, update{subresource: subresource, object: patched, current: current, patched: patchedJSON,
		manager: o.FieldManager, validation: engine.FieldValidation(o.FieldValidation), dryRun: isDryRun(o.DryRun)})
	if err != nil {
		return err
	}
	return fromMap(out, obj)
}

// checkPatchedResourceVersion: a patch that sets a resourceVersion is
// conditional on it; one that sets none (or null) applies to the stored one.
func (t *target) checkPatchedResourceVersion(patched, current map[string]any) error {
	if rv, _ := metaOf(patched)["resourceVersion"].(string); rv == "" {
		metaOf(patched)["resourceVersion"] = metaOf(current)["resourceVersion"]
	}
	return t.checkResourceVersion(patched, current)
}

// applyPatch applies a JSON patch, merge patch or (built-in kinds only)
// strategic merge patch to current, with kube-apiserver's errors, and
// returns the patched object's JSON.
func (c *Client) applyPatch(t *target, pt types.PatchType, data []byte, current map[string]any) ([]byte, error) {
	original, err := json.Marshal(current)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: encoding the stored %s %q: %w", t.gvk.Kind, t.key.name, err)
	}
	if pt == types.StrategicMergePatchType {
		return c.applyStrategicMergePatch(t.gvk, original, data)
	}
	return applyJSONOrMergePatch(pt, original, data)
}

// applyJSONOrMergePatch applies a JSON patch or a merge patch, the patches
// of custom resources, to the JSON original.
func applyJSONOrMergePatch(pt types.PatchType, original, data []byte) ([]byte, error) {
	switch pt {
	case types.JSONPatchType:
		return applyJSONPatch(original, data)
	case types.MergePatchType:
		return applyMergePatch(original, data)
	}
	return nil, unsupportedPatch(customResourcePatchTypes...)
}

func applyJSONPatch(original, data []byte) ([]byte, error) {
	p, err := jsonpatch.DecodePatch(data)
	if err != nil {
		return nil, apierrors.NewBadRequest(err.Error())
	}
	patched, err := p.Apply(original)
	if err != nil {
		return nil, apierrors.NewGenericServerResponse(http.StatusUnprocessableEntity, "", schema.GroupResource{}, "", err.Error(), 0, false)
	}
	return patched, nil
}

func applyMergePatch(original, data []byte) ([]byte, error) {
	patched, err := jsonpatch.MergePatch(original, data)
	if err != nil {
		return nil, apierrors.NewBadRequest(err.Error())
	}
	return patched, nil
}

// applyStrategicMergePatch patches a built-in kind with its Go type's
// patch strategies.
func (c *Client) applyStrategicMergePatch(gvk schema.GroupVersionKind, original, data []byte) ([]byte, error) {
	typed, err := c.scheme.New(gvk)
	if err != nil {
		return nil, unsupportedPatch(customResourcePatchTypes...)
	}
	patched, err := strategicpatch.StrategicMergePatch(original, data, typed)
	if err != nil {
		return nil, apierrors.NewBadRequest(err.Error())
	}
	return patched, nil
}
