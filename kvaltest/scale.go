package kvaltest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
)

// The scale subresource of a custom resource, as kube-apiserver's
// ScaleREST serves it: an autoscaling/v1 Scale read from the object's
// specReplicasPath, statusReplicasPath and labelSelectorPath; a write of
// it sets the replicas in the object, which is then validated and stored
// as an update of the object itself, with the managed fields of the Scale
// moved onto the object (managedfields.ScaleHandler).

const scaleSubresource = "scale"

var scaleGVK = autoscalingv1.SchemeGroupVersion.WithKind("Scale")

// missingSpecReplicas stands for a Scale whose object has no replicas, as
// kube-apiserver marks it: a write that leaves it so is refused.
const missingSpecReplicas = math.MinInt32

// scaleOf is the Scale of an object; found says whether the object has
// spec replicas.
func scaleOf(obj map[string]any, s *scaleSpec) (scale map[string]any, found bool) {
	u := &unstructured.Unstructured{Object: obj}
	spec, found, _ := unstructured.NestedInt64(obj, jsonPath(s.SpecReplicasPath)...)
	if !found && s.selector != nil {
		spec, found = builtinDefaultReplicas, true
	}
	status, _, _ := unstructured.NestedInt64(obj, jsonPath(s.StatusReplicasPath)...)
	meta := map[string]any{"name": u.GetName(), "uid": string(u.GetUID()), "resourceVersion": u.GetResourceVersion()}
	if ns := u.GetNamespace(); ns != "" {
		meta["namespace"] = ns
	}
	if created, ok := metaOf(obj)["creationTimestamp"]; ok {
		meta["creationTimestamp"] = created
	}
	statusOut := map[string]any{"replicas": status}
	if selector := s.selectorOf(obj); selector != "" {
		statusOut["selector"] = selector
	}
	scale = map[string]any{
		"apiVersion": scaleGVK.GroupVersion().String(), "kind": scaleGVK.Kind,
		"metadata": meta, "spec": map[string]any{"replicas": spec}, "status": statusOut,
	}
	return scale, found
}

// selectorOf is the selector a Scale shows: a built-in kind's rendered,
// a custom resource's read from its CRD's labelSelectorPath.
func (s *scaleSpec) selectorOf(obj map[string]any) string {
	if s.selector != nil {
		return s.selector(obj)
	}
	if s.LabelSelectorPath == nil {
		return ""
	}
	selector, _, _ := unstructured.NestedString(obj, jsonPath(*s.LabelSelectorPath)...)
	return selector
}

// jsonPath splits a CRD's ".spec.replicas" into its fields.
func jsonPath(path string) []string { return strings.Split(strings.TrimPrefix(path, "."), ".") }

// getScale reads the Scale of a stored object into into.
func (c *Client) getScale(t *target, into client.Object) error {
	c.store.mu.Lock()
	current, found := c.store.objects[t.key]
	c.store.mu.Unlock()
	if !found {
		return t.notFound()
	}
	s := t.kind.scale(t.gvk.Version)
	scale, hasReplicas := scaleOf(inVersion(current, t.gvk.GroupVersion()), s)
	if !hasReplicas {
		return apierrors.NewInternalError(fmt.Errorf("the spec replicas field %q does not exist", s.SpecReplicasPath))
	}
	return fromMap(scale, into)
}

// scaleWrite is an update, patch or apply of a Scale.
type scaleWrite struct {
	body      map[string]any  // the Scale of an update
	patchType types.PatchType // or a patch of the current Scale
	patch     []byte
	manager   string
	force     bool
	dryRun    bool
	// validation is the request's field validation, for the object.
	validation engine.FieldValidation
}

// writeScale writes the Scale of a stored object and returns the Scale of
// the object stored.
func (c *Client) writeScale(ctx context.Context, t *target, w scaleWrite) (map[string]any, error) {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	current, found := c.store.objects[t.key]
	if !found {
		return nil, t.notFound()
	}
	s := t.kind.scale(t.gvk.Version)
	obj := &unstructured.Unstructured{Object: inVersion(current, t.gvk.GroupVersion())}
	fields := managedfields.NewScaleHandler(obj.GetManagedFields(), t.gvk.GroupVersion(), t.kind.replicasPaths(t.gvk.GroupVersion()))
	old, err := c.oldScale(obj.Object, s, fields)
	if err != nil {
		return nil, err
	}
	scale, err := c.scaleAfter(old, w)
	if err != nil {
		return nil, err
	}
	if s.selector != nil {
		if err := validateBuiltinScale(scale, t.key.name); err != nil {
			return nil, err
		}
	}
	if err := setReplicas(obj, scale, s); err != nil {
		return nil, err
	}
	if err := t.checkPatchedResourceVersion(obj.Object, current); err != nil {
		return nil, err
	}
	entries, err := fields.ToParent(scale.GetManagedFields())
	if err != nil {
		return nil, fmt.Errorf("kvaltest: managed fields of the scale of %q: %w", t.key.name, err)
	}
	obj.SetManagedFields(entries)
	out, err := c.updateLocked(ctx, t, update{object: obj.Object, current: current, applied: true, validation: w.validation, dryRun: w.dryRun})
	if err != nil {
		return nil, err
	}
	result, _ := scaleOf(out, s)
	return result, nil
}

// oldScale is the Scale before a write, with the object's managed fields
// of the replicas moved onto it.
func (c *Client) oldScale(obj map[string]any, s *scaleSpec, fields *managedfields.ScaleHandler) (*unstructured.Unstructured, error) {
	m, hasReplicas := scaleOf(obj, s)
	old := &unstructured.Unstructured{Object: m}
	if !hasReplicas {
		_ = unstructured.SetNestedField(old.Object, int64(missingSpecReplicas), "spec", "replicas")
	}
	entries, err := fields.ToSubresource()
	if err != nil {
		return nil, fmt.Errorf("kvaltest: managed fields of the scale of %q: %w", old.GetName(), err)
	}
	old.SetManagedFields(entries)
	return old, nil
}

// scaleAfter applies a write to the old Scale, with the Scale's field
// manager, and returns the new Scale.
func (c *Client) scaleAfter(old *unstructured.Unstructured, w scaleWrite) (*unstructured.Unstructured, error) {
	fm, err := c.scaleFieldManager()
	if err != nil {
		return nil, err
	}
	manager := c.managerOr(w.manager)
	var next map[string]any
	switch w.patchType {
	case "":
		next = jsonvalue.DeepCopyObject(w.body)
	case types.ApplyYAMLPatchType:
		applied, err := manifest.DecodeObject(w.patch)
		if err != nil {
			return nil, apierrors.NewBadRequest(err.Error())
		}
		out, err := fm.Apply(old, &unstructured.Unstructured{Object: applied}, manager, w.force)
		if err != nil {
			return nil, err
		}
		return out.(*unstructured.Unstructured), nil
	default:
		if next, err = patchScale(old.Object, w.patchType, w.patch); err != nil {
			return nil, err
		}
	}
	next["apiVersion"], next["kind"] = scaleGVK.GroupVersion().String(), scaleGVK.Kind
	out := fm.UpdateNoErrors(old, &unstructured.Unstructured{Object: next}, manager)
	return out.(*unstructured.Unstructured), nil
}

// patchScale applies a JSON or merge patch to a Scale.
func patchScale(old map[string]any, pt types.PatchType, data []byte) (map[string]any, error) {
	original, err := json.Marshal(old)
	if err != nil {
		return nil, err
	}
	patched, err := applyJSONOrMergePatch(pt, original, data)
	if err != nil {
		return nil, err
	}
	out, err := manifest.DecodeObject(patched)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("the patched scale: %v", err))
	}
	return out, nil
}

// setReplicas writes a Scale's replicas (and its resourceVersion, a
// precondition when set) into the object, as kube-apiserver does.
func setReplicas(obj, scale *unstructured.Unstructured, s *scaleSpec) error {
	replicas, _, _ := unstructured.NestedInt64(scale.Object, "spec", "replicas") // omitted: 0
	if replicas == missingSpecReplicas {
		return apierrors.NewBadRequest(fmt.Sprintf("the spec replicas field %q cannot be empty", s.SpecReplicasPath))
	}
	if err := unstructured.SetNestedField(obj.Object, replicas, jsonPath(s.SpecReplicasPath)...); err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	obj.SetResourceVersion(scale.GetResourceVersion())
	return nil
}

// scaleFieldManager tracks the managed fields of Scales: their fields are
// deduced, as kube-apiserver's handler of custom resources deduces them.
func (c *Client) scaleFieldManager() (*managedfields.FieldManager, error) {
	k := managerKey{scaleGVK, scaleSubresource}
	if fm := c.managers[k]; fm != nil {
		return fm, nil
	}
	fm, err := managedfields.NewDefaultCRDFieldManager(managedfields.NewDeducedTypeConverter(), noneConverter{}, noDefaults{}, unstructuredCreater{},
		scaleGVK, scaleGVK.GroupVersion(), scaleSubresource, nil)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: managed fields of Scale: %w", err)
	}
	c.managers[k] = fm
	return fm, nil
}

// scale is the scale subresource of the kind in version, nil without one.
func (k *kind) scale(version string) *scaleSpec {
	if k.crd == nil {
		return builtinScale(k.resource)
	}
	if sub := k.crd.VersionSubresources(version); sub != nil && sub.Scale != nil {
		return &scaleSpec{Scale: sub.Scale}
	}
	return nil
}

// replicasPaths are the spec replicas paths of the kind's versions (of a
// built-in kind, of gv, as kube-apiserver maps only the served one), for
// moving managed fields between the object and its Scale.
func (k *kind) replicasPaths(gv schema.GroupVersion) managedfields.ResourcePathMappings {
	out := managedfields.ResourcePathMappings{}
	if k.crd == nil {
		out[gv.String()] = fieldpath.MakePathOrDie("spec", "replicas")
		return out
	}
	for _, v := range k.crd.Spec.Versions {
		if s := k.scale(v.Name); s != nil {
			var path []any
			for _, f := range jsonPath(s.SpecReplicasPath) {
				path = append(path, f)
			}
			gv := schema.GroupVersion{Group: k.crd.Spec.Group, Version: v.Name}
			out[gv.String()] = fieldpath.MakePathOrDie(path...)
		}
	}
	return out
}

// scaleGet reads the Scale of obj into into.
func (c *Client) scaleGet(ctx context.Context, obj, into client.Object) error {
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	return c.getScale(t, into)
}

// scaleUpdate writes the Scale body to obj's scale; body is then the
// Scale stored.
func (c *Client) scaleUpdate(ctx context.Context, obj, body client.Object, o *client.UpdateOptions) error {
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	m, err := toMap(body, scaleGVK)
	if err != nil {
		return err
	}
	out, err := c.writeScale(ctx, t, scaleWrite{body: m, manager: o.FieldManager, dryRun: isDryRun(o.DryRun), validation: engine.FieldValidation(o.FieldValidation)})
	if err != nil {
		return err
	}
	return fromMap(out, body)
}

// scalePatch patches obj's scale with a patch made from body; body is
// then the Scale stored.
func (c *Client) scalePatch(ctx context.Context, obj, body client.Object, patch client.Patch, o *client.PatchOptions) error {
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	data, err := patch.Data(body)
	if err != nil {
		return fmt.Errorf("kvaltest: the %s patch of the scale of %q: %w", patch.Type(), t.key.name, err)
	}
	w := scaleWrite{patchType: patch.Type(), patch: data, manager: o.FieldManager, force: o.Force != nil && *o.Force,
		dryRun: isDryRun(o.DryRun), validation: engine.FieldValidation(o.FieldValidation)}
	out, err := c.writeScale(ctx, t, w)
	if err != nil {
		return err
	}
	return fromMap(out, body)
}

// scaleApply applies the Scale of o.SubResourceBody (else obj) to the
// scale of obj; the body is then the Scale stored.
func (c *Client) scaleApply(ctx context.Context, obj runtime.ApplyConfiguration, o *client.SubResourceApplyOptions) error {
	target, err := applyConfigurationObject(obj)
	if err != nil {
		return err
	}
	if err := c.served(ctx, target, scaleSubresource, "patch"); err != nil {
		return err
	}
	body := obj
	if o.SubResourceBody != nil {
		body = o.SubResourceBody
	}
	data, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("kvaltest: encoding the apply configuration %T: %w", body, err)
	}
	mo := o.AsPatchOptions()
	po := &client.PatchOptions{Raw: mo, Force: mo.Force, FieldManager: mo.FieldManager, DryRun: mo.DryRun, FieldValidation: mo.FieldValidation}
	scale := &unstructured.Unstructured{}
	if err := c.scalePatch(ctx, target, scale, client.RawPatch(types.ApplyYAMLPatchType, data), po); err != nil {
		return err
	}
	return copyIntoApplyConfiguration(scale.Object, body)
}
