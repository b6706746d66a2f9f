package kvaltest

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Watch streams the changes of the objects of list's kind that match the
// options, starting, as kube-apiserver does for a watch without a
// resourceVersion, with an ADDED event for each stored object. Events
// carry objects of list's item type, in its version. The watch ends with
// ctx, Stop, or the test.
func (c *Client) Watch(ctx context.Context, list client.ObjectList, opts ...client.ListOption) (watch.Interface, error) {
	o := (&client.ListOptions{}).ApplyOptions(opts)
	t, err := c.targetOfList(list)
	if err != nil {
		return nil, err
	}
	match, err := newSelector(t, o)
	if err != nil {
		return nil, err
	}
	newObject := func() (runtime.Object, error) { return newItem(list) }
	c.store.mu.Lock()
	var initial []watch.Event
	for _, s := range c.store.list(t.key.resource, o.Namespace) {
		initial = append(initial, watch.Event{Type: watch.Added, Object: s})
	}
	w, err := c.store.events.WatchWithPrefix(initial)
	c.store.mu.Unlock()
	if err != nil {
		return nil, err
	}
	filtered := watch.Filter(w, func(e watch.Event) (watch.Event, bool) {
		s, ok := e.Object.(*storedObject)
		if !ok || s.key.resource != t.key.resource || o.Namespace != "" && s.key.namespace != o.Namespace || !match(s.object) {
			return e, false
		}
		obj, err := newObject()
		if err == nil {
			err = fromMap(inVersion(s.object, t.gvk.GroupVersion()), obj)
		}
		if err != nil {
			return watch.Event{Type: watch.Error, Object: errorStatus(err)}, true
		}
		return watch.Event{Type: e.Type, Object: obj}, true
	})
	context.AfterFunc(ctx, filtered.Stop)
	return filtered, nil
}

// errorStatus is the Status of an ERROR event.
func errorStatus(err error) *metav1.Status {
	status := apierrors.NewInternalError(err).Status()
	return &status
}
