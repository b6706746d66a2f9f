package kvaltest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Delete removes an object, or, while it has finalizers, marks it as
// deleted (deletionTimestamp, a generation bump) as kube-apiserver does;
// the update that removes its last finalizer removes it.
func (c *Client) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	o := (&client.DeleteOptions{}).ApplyOptions(opts)
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	current, found := c.store.objects[t.key]
	if !found {
		return t.notFound()
	}
	if err := t.checkPreconditions(current, o.Preconditions); err != nil {
		return err
	}
	if !isDryRun(o.DryRun) {
		c.deleteLocked(t, current, time.Now())
	}
	return nil
}

// deleteLocked removes current or marks it as deleted.
func (c *Client) deleteLocked(t *target, current map[string]any, now time.Time) {
	if c.deleteNamespaceLocked(t, current, now) {
		return
	}
	finalizers, _ := metaOf(current)["finalizers"].([]any)
	if len(finalizers) == 0 {
		last := jsonvalue.DeepCopyObject(current)
		metaOf(last)["resourceVersion"] = c.store.nextResourceVersion()
		c.store.remove(t.key, last)
		c.unpublishCRD(t)
		return
	}
	marked := markAsDeleting(current, now)
	if jsonvalue.Equal(marked, current) {
		return // already marked: kube-apiserver writes nothing
	}
	metaOf(marked)["resourceVersion"] = c.store.nextResourceVersion()
	c.store.put(t.key, marked, watch.Modified)
}

// markAsDeleting returns a copy of an object with finalizers as
// kube-apiserver's registry marks it (markAsDeleting): the generation is
// bumped the first time, the deletionTimestamp set, the grace period 0.
func markAsDeleting(current map[string]any, now time.Time) map[string]any {
	out := jsonvalue.DeepCopyObject(current)
	meta := metaOf(out)
	if generation, _ := meta["generation"].(int64); meta["deletionTimestamp"] == nil && generation > 0 {
		meta["generation"] = generation + 1
	}
	if meta["deletionTimestamp"] == nil {
		meta["deletionTimestamp"] = metav1.NewTime(now).UTC().Format(time.RFC3339)
	}
	meta["deletionGracePeriodSeconds"] = int64(0)
	return out
}

// checkPreconditions is a delete's uid and resourceVersion preconditions,
// with the conflicts of kube-apiserver's rest.BeforeDelete, which checks
// them before storage does: they name the kind where the resource would be.
func (t *target) checkPreconditions(current map[string]any, p *metav1.Preconditions) error {
	if p == nil {
		return nil
	}
	meta := metaOf(current)
	kind := schema.GroupResource{Group: t.gvk.Group, Resource: t.gvk.Kind}
	if p.UID != nil && string(*p.UID) != meta["uid"] {
		msg := fmt.Sprintf("the UID in the precondition (%s) does not match the UID in record (%v). The object might have been deleted and then recreated", *p.UID, meta["uid"])
		return apierrors.NewConflict(kind, t.key.name, errors.New(msg))
	}
	if p.ResourceVersion != nil && *p.ResourceVersion != meta["resourceVersion"] {
		msg := fmt.Sprintf("the ResourceVersion in the precondition (%s) does not match the ResourceVersion in record (%v). The object might have been modified", *p.ResourceVersion, meta["resourceVersion"])
		return apierrors.NewConflict(kind, t.key.name, errors.New(msg))
	}
	return nil
}

// DeleteAllOf deletes the objects of obj's kind that match the options, as
// a delete of each.
func (c *Client) DeleteAllOf(ctx context.Context, obj client.Object, opts ...client.DeleteAllOfOption) error {
	o := (&client.DeleteAllOfOptions{}).ApplyOptions(opts)
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	if t.kind.namespaced && o.Namespace == "" {
		return deleteCollectionAcrossNamespaces(t.kind)
	}
	match, err := newSelector(t, &o.ListOptions)
	if err != nil {
		return err
	}
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	now := time.Now()
	for _, s := range c.store.list(t.key.resource, o.Namespace) {
		if match(s.object) && !isDryRun(o.DryRun) {
			c.deleteLocked(&target{gvk: t.gvk, kind: t.kind, key: s.key}, s.object, now)
		}
	}
	return nil
}

// deleteCollectionAcrossNamespaces is kube-apiserver's answer to a
// DeleteAllOf of a namespaced kind without a namespace: it serves no
// collection delete across namespaces. For a custom resource the path is
// unknown (a text 404, which client-go turns into NotFound); for a
// built-in kind it is known for list only (405). Both seen on
// kube-apiserver v1.36.
func deleteCollectionAcrossNamespaces(k *kind) error {
	if k.custom() {
		return apierrors.NewGenericServerResponse(http.StatusNotFound, "DELETE", k.resource, "", "404 page not found", 0, true)
	}
	return &apierrors.StatusError{ErrStatus: metav1.Status{
		Status:  metav1.StatusFailure,
		Code:    http.StatusMethodNotAllowed,
		Reason:  metav1.StatusReasonMethodNotAllowed,
		Message: "the server does not allow this method on the requested resource",
		Details: &metav1.StatusDetails{},
	}}
}
