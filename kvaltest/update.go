package kvaltest

import (
	"context"

	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Update replaces a stored object, validated and defaulted as
// kube-apiserver does on update; obj is then the stored object.
func (c *Client) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	o := (&client.UpdateOptions{}).ApplyOptions(opts)
	return c.update(ctx, obj, "", o.FieldManager, engine.FieldValidation(o.FieldValidation), isDryRun(o.DryRun))
}

func (c *Client) update(ctx context.Context, obj client.Object, subresource, manager string, validation engine.FieldValidation, dryRun bool) error {
	t, m, err := c.writeTarget(ctx, obj)
	if err != nil {
		return err
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	current, err := c.current(t, subresource)
	if err != nil {
		return err
	}
	if err := t.checkResourceVersion(m, current); err != nil {
		return err
	}
	out, err := c.updateLocked(ctx, t, update{subresource: subresource, object: m, current: current, manager: manager, validation: validation, dryRun: dryRun})
	if err != nil {
		return err
	}
	return fromMap(out, obj)
}

// current returns the stored object a write of subresource changes, or
// kube-apiserver's NotFound (for a subresource the kind does not have too).
func (c *Client) current(t *target, subresource string) (map[string]any, error) {
	current, found := c.store.objects[t.key]
	if !found || subresource == engine.StatusSubresource && !t.kind.hasStatus(t.gvk.Version) {
		return nil, t.notFound()
	}
	return current, nil
}

// checkResourceVersion is optimistic concurrency: an update must name the
// stored resourceVersion. Built-in kinds allow unconditional updates (no
// resourceVersion); custom resources do not.
func (t *target) checkResourceVersion(m, current map[string]any) error {
	rv, _ := metaOf(m)["resourceVersion"].(string)
	switch {
	case rv == "" && t.kind.custom():
		return t.missingResourceVersion()
	case rv == "":
		metaOf(m)["resourceVersion"] = metaOf(current)["resourceVersion"]
	case rv != metaOf(current)["resourceVersion"]:
		return t.conflict()
	}
	return nil
}

// update is one update of a stored object, after the resourceVersion check.
type update struct {
	subresource string
	object      map[string]any // the new object, changed in place
	current     map[string]any // the stored object
	manager     string
	applied     bool // managed fields were set by server-side apply
	validation  engine.FieldValidation
	dryRun      bool
	patched     []byte          // a patch's result, as JSON
	stored      *map[string]any // receives the new object as etcd would hold it
}

// updateLocked validates an update and stores its result: a new
// resourceVersion when anything changed, removal when a deleted object's
// last finalizer is gone.
func (c *Client) updateLocked(ctx context.Context, t *target, u update) (map[string]any, error) {
	t.clearNamespace(u.object)
	old := inVersion(u.current, t.gvk.GroupVersion())
	var etcd map[string]any // out as etcd would hold it
	u.stored = &etcd
	var request map[string]any
	if !u.applied && t.kind.custom() {
		request = jsonvalue.DeepCopyObject(u.object) // admission changes u.object
	}
	out, err := c.admitUpdate(ctx, t, u, old)
	if err != nil {
		return nil, err
	}
	if !u.applied {
		if out, err = c.manageFields(t, u.subresource, old, out, c.managerOr(u.manager)); err != nil {
			return nil, err
		}
		c.withoutManagedFieldsIfLost(ctx, t, u.subresource, old, request, out)
	}
	if c.unchangedInStorage(t, u, out, old, etcd) || u.dryRun {
		return out, nil // etcd keeps an identical object: no new resourceVersion
	}
	if t.finalized(out) {
		return c.removeFinalized(t, out), nil
	}
	metaOf(out)["resourceVersion"] = c.store.nextResourceVersion()
	c.store.put(t.key, out, watch.Modified)
	c.store.keepContent(t.key, metaOf(out)["resourceVersion"], etcd)
	return out, c.publishCRD(t, out)
}

// unchangedInStorage reports whether an update leaves what etcd holds as it
// is: the object as read back unchanged, and its content as etcd holds it
// too, where the store knows it.
func (c *Client) unchangedInStorage(t *target, u update, out, old, etcd map[string]any) bool {
	if !unchanged(out, old) {
		return false
	}
	same, known := c.store.sameContent(t.key, metaOf(u.current)["resourceVersion"], etcd)
	return same || !known
}

// removeFinalized removes a deleted object whose last finalizer an update
// took away. kube-apiserver deletes it instead of storing the update
// (Store.Update's deleteWithoutFinalizers): the update is answered with the
// resourceVersion the object had, watchers see the deletion at a new one.
func (c *Client) removeFinalized(t *target, out map[string]any) map[string]any {
	gone := jsonvalue.DeepCopyObject(out)
	metaOf(gone)["resourceVersion"] = c.store.nextResourceVersion()
	c.store.remove(t.key, gone)
	c.unpublishCRD(t)
	return out
}

// admitUpdate validates an update of a custom resource with its CRD, and
// of a built-in kind as kube-apiserver's registry does (admitBuiltin),
// with the status subresource's semantics.
func (c *Client) admitUpdate(ctx context.Context, t *target, u update, old map[string]any) (map[string]any, error) {
	w := write{op: engine.Update, subresource: u.subresource, object: u.object, old: old, validation: u.validation, name: t.key.name, patched: u.patched, applied: u.applied, stored: u.stored}
	if t.kind.custom() {
		return c.validate(ctx, t, w)
	}
	t.convertBuiltin(w.object)
	if err := c.rbac.checkEscalation(ctx, t, w.object, old); err != nil {
		return nil, err
	}
	admitted, native, err := c.admitBuiltin(ctx, t, w)
	if err != nil {
		return nil, err
	}
	out := builtinUpdate(admitted, old, u.subresource, native)
	t.prepareNamespaceUpdate(out, old, u.subresource)
	if u.subresource != "" {
		return out, nil
	}
	return out, c.admitCRD(ctx, t, out, old)
}

// builtinUpdate keeps the old status on an update of the object, and on
// a status update everything but the status, unless kube-apiserver's
// status strategy answered it (native: what it keeps is its own); system
// fields stay.
func builtinUpdate(obj, old map[string]any, subresource string, native bool) map[string]any {
	switch {
	case subresource == engine.StatusSubresource && !native:
		out := jsonvalue.DeepCopyObject(old)
		copyKey(out, obj, "status")
		return out
	case subresource != engine.StatusSubresource:
		copyKey(obj, old, "status") // a namespace's finalize too
	}
	for _, k := range []string{"uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds"} {
		copyKey(metaOf(obj), metaOf(old), k)
	}
	return obj
}

// copyKey sets to[k] to from[k], or removes it.
func copyKey(to, from map[string]any, k string) {
	if v, ok := from[k]; ok {
		to[k] = jsonvalue.DeepCopy(v)
	} else {
		delete(to, k)
	}
}

// unchanged reports whether an update stores what is stored already.
func unchanged(out, old map[string]any) bool {
	return jsonvalue.Equal(out, old)
}

// finalized reports whether a deleted object has no finalizer left.
func finalized(m map[string]any) bool {
	meta := metaOf(m)
	finalizers, _ := meta["finalizers"].([]any)
	return meta["deletionTimestamp"] != nil && len(finalizers) == 0
}
