package kvaltest

import (
	"context"
	"fmt"
	"strconv"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Get reads a stored object into obj, in obj's version.
func (c *Client) Get(ctx context.Context, k client.ObjectKey, obj client.Object, _ ...client.GetOption) error {
	obj.SetNamespace(k.Namespace)
	obj.SetName(k.Name)
	t, err := c.targetOf(ctx, obj)
	if err != nil {
		return err
	}
	c.store.mu.Lock()
	m, found := c.store.objects[t.key]
	c.store.mu.Unlock()
	if !found {
		return t.notFound()
	}
	return fromMap(inVersion(m, t.gvk.GroupVersion()), obj)
}

// List reads the stored objects of list's kind that match the options:
// namespace, label selector, and field selectors on metadata.name and
// metadata.namespace (the fields every resource supports) and on a CRD's
// selectableFields; other fields are refused as kube-apiserver refuses them.
func (c *Client) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	o := (&client.ListOptions{}).ApplyOptions(opts)
	t, err := c.targetOfList(ctx, list)
	if err != nil {
		return err
	}
	match, err := newSelector(t, o)
	if err != nil {
		return err
	}
	req, err := parsePageRequest(o)
	if err != nil {
		return err
	}
	stored, rv, err := c.listed(t, o.Namespace, req)
	if err != nil {
		return err
	}
	selectors := (o.LabelSelector != nil && !o.LabelSelector.Empty()) || (o.FieldSelector != nil && !o.FieldSelector.Empty())
	p := page(stored, match, req, rv, selectors)
	items := make([]map[string]any, len(p.items))
	for i, s := range p.items {
		items[i] = inVersion(s.object, t.gvk.GroupVersion())
	}
	if err := setList(list, items, strconv.FormatInt(rv, 10)); err != nil {
		return err
	}
	list.SetContinue(p.continued)
	list.SetRemainingItemCount(p.remaining)
	return nil
}

// listed returns the stored objects a list reads, in key order, and the
// list's resourceVersion: the current objects, kept as a snapshot when
// the list has a limit, or the snapshot a continued list started with.
func (c *Client) listed(t *target, namespace string, req pageRequest) ([]*storedObject, int64, error) {
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	sk := snapshotKey{resource: t.key.resource.String(), namespace: namespace}
	stored, rv, err := c.store.listForPage(sk, req)
	if err != nil || req.rv != 0 {
		return stored, rv, err
	}
	stored = c.store.list(t.key.resource, namespace)
	if req.limit > 0 {
		sk.rv = rv
		c.store.keepSnapshot(sk, stored)
	}
	return stored, rv, nil
}

// setList fills list with items, as a list response decoded into it.
func setList(list client.ObjectList, items []map[string]any, rv string) error {
	if u, ok := list.(*unstructured.UnstructuredList); ok {
		u.Items = make([]unstructured.Unstructured, len(items))
		for i, m := range items {
			u.Items[i].Object = m
		}
		u.SetResourceVersion(rv)
		return nil
	}
	objs := make([]runtime.Object, len(items))
	for i, m := range items {
		item, err := newItem(list)
		if err != nil {
			return err
		}
		if err := fromMap(m, item); err != nil {
			return err
		}
		objs[i] = item
	}
	list.SetResourceVersion(rv)
	return meta.SetList(list, objs)
}

// newItem returns a new object of the type of list's items.
func newItem(list client.ObjectList) (runtime.Object, error) {
	items, err := meta.GetItemsPtr(list)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: %T has no items: %w", list, err)
	}
	return newOfElem(items), nil
}
