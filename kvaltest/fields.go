package kvaltest

import (
	"encoding/json"
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	clientgoapply "k8s.io/client-go/applyconfigurations"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/typed"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/openapi"
)

// managerKey names a field manager: one per served kind and subresource.
type managerKey struct {
	gvk         schema.GroupVersionKind
	subresource string
}

// fieldManager returns kube-apiserver's field manager (managed fields,
// server-side apply) of the target's kind and subresource, built once.
// Custom resources get their CRD's schema (list types, map keys), as the
// apiserver builds it; built-in kinds their Go types'.
func (c *Client) fieldManager(t *target, subresource string) (*managedfields.FieldManager, error) {
	k := managerKey{t.gvk, subresource}
	if fm := c.managers[k]; fm != nil {
		return fm, nil
	}
	tc, err := c.typeConverter(t)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: managed fields of %s: %w", gvkString(t.gvk), err)
	}
	fm, err := managedfields.NewDefaultCRDFieldManager(tc, noneConverter{}, noDefaults{}, unstructuredCreater{},
		t.gvk, t.gvk.GroupVersion(), subresource, fieldpath.NewExcludeFilterSetMap(resetFields(t, subresource)))
	if err != nil {
		return nil, fmt.Errorf("kvaltest: managed fields of %s: %w", gvkString(t.gvk), err)
	}
	c.managers[k] = fm
	return fm, nil
}

// resetFields are the fields a write of subresource leaves alone, as the
// strategies of custom resources declare them (GetResetFields).
func resetFields(t *target, subresource string) map[fieldpath.APIVersion]*fieldpath.Set {
	version := fieldpath.APIVersion(t.gvk.GroupVersion().String())
	switch {
	case !t.kind.hasStatus(t.gvk.Version):
		return map[fieldpath.APIVersion]*fieldpath.Set{}
	case subresource == engine.StatusSubresource:
		return map[fieldpath.APIVersion]*fieldpath.Set{version: fieldpath.NewSet(fieldpath.MakePathOrDie("metadata"), fieldpath.MakePathOrDie("spec"))}
	}
	return map[fieldpath.APIVersion]*fieldpath.Set{version: fieldpath.NewSet(fieldpath.MakePathOrDie("status"))}
}

// typeConverter reads objects of the target's kind as structured values.
func (c *Client) typeConverter(t *target) (managedfields.TypeConverter, error) {
	if !t.kind.custom() {
		return builtinTypeConverter, nil
	}
	doc, err := openapi.BuildVersion(t.kind.crd, t.gvk.Version)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(doc.Components.Schemas)
	if err != nil {
		return nil, err
	}
	var models map[string]*spec.Schema
	if err := json.Unmarshal(raw, &models); err != nil {
		return nil, err
	}
	return managedfields.NewTypeConverter(models, t.kind.crd.Spec.PreserveUnknownFields != nil && *t.kind.crd.Spec.PreserveUnknownFields)
}

// builtinTypeConverter knows client-go's kinds; others are deduced (every
// list atomic), as controller-runtime's fake client does.
var builtinTypeConverter managedfields.TypeConverter = firstConverter{
	clientgoapply.NewTypeConverter(clientgoscheme.Scheme),
	managedfields.NewDeducedTypeConverter(),
}

type firstConverter []managedfields.TypeConverter

func (f firstConverter) ObjectToTyped(obj runtime.Object, opts ...typed.ValidationOptions) (*typed.TypedValue, error) {
	var err error
	for _, tc := range f {
		var v *typed.TypedValue
		if v, err = tc.ObjectToTyped(obj, opts...); err == nil {
			return v, nil
		}
	}
	return nil, err
}

func (f firstConverter) TypedToObject(v *typed.TypedValue) (runtime.Object, error) {
	return f[0].TypedToObject(v)
}

// manageFields records the fields an update or create (old nil) of
// manager sets in metadata.managedFields, as kube-apiserver does on every
// write that is not an apply.
func (c *Client) manageFields(t *target, subresource string, old, obj map[string]any, manager string) (map[string]any, error) {
	fm, err := c.fieldManager(t, subresource)
	if err != nil {
		return nil, err
	}
	live := &unstructured.Unstructured{Object: old}
	if old == nil {
		live = &unstructured.Unstructured{Object: map[string]any{}}
		live.SetGroupVersionKind(t.gvk)
	}
	out := fm.UpdateNoErrors(live, &unstructured.Unstructured{Object: obj}, manager)
	return out.(runtime.Unstructured).UnstructuredContent(), nil
}

// noneConverter converts custom resources between versions with the None
// strategy: only apiVersion changes.
type noneConverter struct{}

func (noneConverter) Convert(in, out, _ any) error {
	i, ok1 := in.(runtime.Unstructured)
	o, ok2 := out.(runtime.Unstructured)
	if !ok1 || !ok2 {
		return fmt.Errorf("kvaltest converts unstructured objects only, not %T to %T", in, out)
	}
	o.SetUnstructuredContent(runtime.DeepCopyJSON(i.UnstructuredContent()))
	return nil
}

func (noneConverter) ConvertToVersion(in runtime.Object, gv runtime.GroupVersioner) (runtime.Object, error) {
	u, ok := in.(*unstructured.Unstructured)
	if !ok {
		return nil, fmt.Errorf("kvaltest converts unstructured objects only, not %T", in)
	}
	gvk, ok := gv.KindForGroupVersionKinds([]schema.GroupVersionKind{u.GroupVersionKind()})
	if !ok {
		return nil, fmt.Errorf("kvaltest cannot convert %s to %v", u.GroupVersionKind(), gv)
	}
	out := u.DeepCopy()
	out.SetGroupVersionKind(gvk)
	return out, nil
}

func (noneConverter) ConvertFieldLabel(_ schema.GroupVersionKind, label, value string) (string, string, error) {
	return label, value, nil
}

// noDefaults leaves defaulting to the engine, which runs after.
type noDefaults struct{}

func (noDefaults) Default(runtime.Object) {}

type unstructuredCreater struct{}

func (unstructuredCreater) New(gvk schema.GroupVersionKind) (runtime.Object, error) {
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetGroupVersionKind(gvk)
	return u, nil
}
