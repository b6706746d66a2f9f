package kvaltest

import (
	"context"
	"encoding/json"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// Apply is server-side apply of an apply configuration (typed, or
// client.ApplyConfigurationFromUnstructured); ac is then the stored object.
func (c *Client) Apply(ctx context.Context, ac runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
	return c.applyConfiguration(ctx, ac, "", (&client.ApplyOptions{}).ApplyOptions(opts).AsPatchOptions())
}

func (c *Client) applyConfiguration(ctx context.Context, ac runtime.ApplyConfiguration, subresource string, o *metav1.PatchOptions) error {
	u, err := applyConfigurationObject(ac)
	if err != nil {
		return err
	}
	po := &client.PatchOptions{Raw: o, Force: o.Force, FieldManager: o.FieldManager, DryRun: o.DryRun}
	if err := c.apply(ctx, u, client.Apply, subresource, po); err != nil {
		return err
	}
	return copyIntoApplyConfiguration(u.Object, ac)
}

// applyConfigurationObject is an apply configuration as the object it
// configures.
func applyConfigurationObject(ac runtime.ApplyConfiguration) (*unstructured.Unstructured, error) {
	raw, err := json.Marshal(ac)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: encoding the apply configuration %T: %w", ac, err)
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(raw); err != nil {
		return nil, apierrors.NewBadRequest(err.Error())
	}
	return u, nil
}

// apply merges the applied configuration into the stored object (or an
// empty one: apply creates) with kube-apiserver's field manager, then
// validates the result as an update (or create) of the stored object.
func (c *Client) apply(ctx context.Context, obj client.Object, patch client.Patch, subresource string, o *client.PatchOptions) error {
	if subresource != "" {
		if err := c.served(ctx, obj, subresource, "patch"); err != nil {
			return err
		}
	}
	if o.FieldManager == "" {
		return apierrors.NewInvalid(schemaPatchOptions, "", field.ErrorList{field.Required(field.NewPath("fieldManager"), "is required for apply patch")})
	}
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	data, err := patch.Data(obj)
	if err != nil {
		return fmt.Errorf("kvaltest: the apply patch of %s %q: %w", t.gvk.Kind, t.key.name, err)
	}
	applied, err := manifest.DecodeObject(data)
	if err != nil {
		return apierrors.NewBadRequest(fmt.Sprintf("error decoding YAML: %v", err))
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	out, err := c.applyLocked(ctx, t, applied, subresource, o)
	if err != nil {
		return err
	}
	return fromMap(out, obj)
}

func (c *Client) applyLocked(ctx context.Context, t *target, applied map[string]any, subresource string, o *client.PatchOptions) (map[string]any, error) {
	fm, err := c.fieldManager(t, subresource)
	if err != nil {
		return nil, err
	}
	current, found := c.store.objects[t.key]
	if !found && subresource != "" || found && subresource != "" && !t.kind.hasStatus(t.gvk.Version) {
		return nil, t.notFound()
	}
	live := &unstructured.Unstructured{Object: map[string]any{}}
	live.SetGroupVersionKind(t.gvk)
	if found {
		live.Object = inVersion(current, t.gvk.GroupVersion())
	}
	force := o.Force != nil && *o.Force
	merged, err := fm.Apply(live, &unstructured.Unstructured{Object: applied}, o.FieldManager, force)
	if err != nil {
		return nil, asServed(err) // a patch that does not fit the schema is a plain error, served as a 500
	}
	m := merged.(runtime.Unstructured).UnstructuredContent()
	validation, dryRun := engine.FieldValidation(o.FieldValidation), isDryRun(o.DryRun)
	if !found {
		return c.createLocked(ctx, t, m, "", validation, dryRun, true)
	}
	if err := t.checkPatchedResourceVersion(m, current); err != nil {
		return nil, err
	}
	return c.updateLocked(ctx, t, update{subresource: subresource, object: m, current: current, applied: true, validation: validation, dryRun: dryRun})
}

// schemaPatchOptions is the kind kube-apiserver names in errors of patch options.
var schemaPatchOptions = schema.GroupKind{Group: "meta.k8s.io", Kind: "PatchOptions"}

// copyIntoApplyConfiguration replaces the content of an apply
// configuration with the stored object.
func copyIntoApplyConfiguration(m map[string]any, ac runtime.ApplyConfiguration) error {
	if u, ok := ac.(runtime.Unstructured); ok {
		u.SetUnstructuredContent(m)
		return nil
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	zeroValue(ac)
	return json.Unmarshal(raw, ac)
}
