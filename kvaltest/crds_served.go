package kvaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/internal/jsonvalue"
	kschema "github.com/kval-dev/kval/schema"
)

// CustomResourceDefinitions written through the client (or the server)
// are checked as kube-apiserver validates them, get the status its
// controllers give a CRD whose names are accepted (NamesAccepted and
// Established at once), and their kinds are served from the write on, as
// a cluster serves them once established.

var (
	crdGVK      = schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1", Kind: "CustomResourceDefinition"}
	crdResource = schema.GroupResource{Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions"}
)

// admitCRD checks a CRD object about to be stored and sets its status;
// old is the stored CRD of an update (nil on create).
func (c *Client) admitCRD(ctx context.Context, t *target, obj, old map[string]any) error {
	if t.kind.resource != crdResource || t.gvk.Version != crdGVK.Version {
		return nil
	}
	crd, err := decodeCRD(obj)
	if err != nil {
		return err
	}
	check := catalog.New(c.catalogOptions())
	if err := check.Put(crd); err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	if bad := check.Check(ctx); len(bad) > 0 {
		return apierrors.NewInvalid(crdGVK.GroupKind(), crd.Name(), bad[0].Errors)
	}
	defaultCRDNames(obj)
	obj["status"] = crdStatus(obj, old, crd)
	return nil
}

// decodeCRD reads a CRD object as kval's catalog does; a CRD it cannot
// read is Invalid with the reader's errors.
func decodeCRD(obj map[string]any) (*kschema.CRD, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, apierrors.NewInternalError(fmt.Errorf("encoding a CustomResourceDefinition: %w", err))
	}
	crds, problems, err := catalog.ReadBytes("the request", data)
	if err == nil && len(crds) == 1 {
		return crds[0], nil
	}
	var errs field.ErrorList
	for _, p := range problems {
		errs = append(errs, p.Errors...)
		if p.Err != nil && !p.Warning {
			errs = append(errs, field.Invalid(field.NewPath(""), "", p.Err.Error()))
		}
	}
	name, _ := metaOf(obj)["name"].(string)
	return nil, apierrors.NewInvalid(crdGVK.GroupKind(), name, errs)
}

// defaultCRDNames sets spec.names.singular and listKind when missing, as
// kube-apiserver's defaulting of a CRD does.
func defaultCRDNames(obj map[string]any) {
	spec, _ := obj["spec"].(map[string]any)
	names, _ := spec["names"].(map[string]any)
	kind, _ := names["kind"].(string)
	if names == nil || kind == "" {
		return
	}
	if s, _ := names["singular"].(string); s == "" {
		names["singular"] = strings.ToLower(kind)
	}
	if l, _ := names["listKind"].(string); l == "" {
		names["listKind"] = kind + "List"
	}
}

// crdStatus is the status of an accepted, established CRD: its names, the
// conditions kube-apiserver's naming and establishing controllers set, and
// the stored versions (the old ones and the storage version).
func crdStatus(obj, old map[string]any, crd *kschema.CRD) map[string]any {
	spec, _ := obj["spec"].(map[string]any)
	return map[string]any{
		"acceptedNames":  spec["names"],
		"conditions":     crdConditions(old),
		"storedVersions": storedVersions(old, crd),
	}
}

// crdConditions are an old CRD's conditions (they hold), or those of a CRD
// just accepted and established.
func crdConditions(old map[string]any) []any {
	status, _ := old["status"].(map[string]any)
	if conditions, _ := status["conditions"].([]any); len(conditions) > 0 {
		return conditions
	}
	now := metav1.Now().UTC().Format(time.RFC3339)
	return []any{
		map[string]any{"type": "NamesAccepted", "status": "True", "reason": "NoConflicts", "message": "no conflicts found", "lastTransitionTime": now},
		map[string]any{"type": "Established", "status": "True", "reason": "InitialNamesAccepted", "message": "the initial names have been accepted", "lastTransitionTime": now},
	}
}

// storedVersions are an old CRD's stored versions with crd's storage version.
func storedVersions(old map[string]any, crd *kschema.CRD) []any {
	var out []any
	seen := map[string]bool{}
	if status, ok := old["status"].(map[string]any); ok {
		versions, _ := status["storedVersions"].([]any)
		for _, v := range versions {
			out, seen[fmt.Sprint(v)] = append(out, v), true
		}
	}
	for _, v := range crd.StoredVersions {
		if !seen[v] {
			out = append(out, v)
		}
	}
	return out
}

// publishCRD serves the kinds of a CRD object just stored.
func (c *Client) publishCRD(t *target, obj map[string]any) error {
	if t.kind.resource != crdResource {
		return nil
	}
	crd, err := decodeCRD(obj)
	if err != nil {
		return err
	}
	if err := c.catalog.Put(crd); err != nil {
		var conflict *catalog.ConflictError
		if errors.As(err, &conflict) {
			return apierrors.NewConflict(crdResource, crd.Name(), err)
		}
		return fmt.Errorf("kvaltest: serving CustomResourceDefinition %q: %w", crd.Name(), err)
	}
	c.known.Store(newKinds(c.catalog.CRDs(), c.scheme))
	return nil
}

// unpublishCRD stops serving the kind of a CRD object just removed, and
// removes its custom resources, as kube-apiserver's finalizer of CRDs
// deletes them before the CRD goes.
func (c *Client) unpublishCRD(t *target) {
	if t.kind.resource != crdResource {
		return
	}
	for _, crd := range c.catalog.CRDs() {
		if crd.Name() == t.key.name {
			c.removeAll(schema.GroupResource{Group: crd.Spec.Group, Resource: crd.Spec.Names.Plural})
		}
	}
	if c.catalog.Remove(t.key.name) {
		c.known.Store(newKinds(c.catalog.CRDs(), c.scheme))
	}
}

// removeAll removes every stored object of a resource.
func (c *Client) removeAll(resource schema.GroupResource) {
	for _, o := range c.store.list(resource, "") {
		last := jsonvalue.DeepCopyObject(o.object)
		metaOf(last)["resourceVersion"] = c.store.nextResourceVersion()
		c.store.remove(o.key, last)
	}
}
