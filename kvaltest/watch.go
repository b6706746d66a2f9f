package kvaltest

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Watch streams the changes of the objects of list's kind that match the
// options, starting, as kube-apiserver does for a watch without a
// resourceVersion, with an ADDED event for each stored object. With a
// selector, an object that comes to match is ADDED and one that stops
// matching is DELETED, as kube-apiserver's watch cache sends them. Events
// carry objects of list's item type, in its version. The watch ends with
// ctx, Stop, or the test.
func (c *Client) Watch(ctx context.Context, list client.ObjectList, opts ...client.ListOption) (watch.Interface, error) {
	o := (&client.ListOptions{}).ApplyOptions(opts)
	t, err := c.targetOfList(ctx, list)
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
		if !ok || s.key.resource != t.key.resource || o.Namespace != "" && s.key.namespace != o.Namespace {
			return e, false
		}
		event, object, seen := selected(e.Type, s, match)
		if !seen {
			return e, false
		}
		obj, err := newObject()
		if err == nil {
			err = fromMap(inVersion(object, t.gvk.GroupVersion()), obj)
		}
		if err != nil {
			return watch.Event{Type: watch.Error, Object: errorStatus(err)}, true
		}
		return watch.Event{Type: event, Object: obj}, true
	})
	context.AfterFunc(ctx, filtered.Stop)
	return filtered, nil
}

// errorStatus is the Status of an ERROR event.
func errorStatus(err error) *metav1.Status {
	status := apierrors.NewInternalError(err).Status()
	return &status
}

// selected is what a watch with a selector sees of an event, as
// kube-apiserver's watch cache sends it (cacheWatcher's
// convertToWatchEvent): a modification that makes an object match is
// ADDED, one that makes it stop matching is DELETED with the object as it
// was, at the modification's resourceVersion; seen is false when neither
// the object nor what it was matches.
func selected(event watch.EventType, s *storedObject, match func(map[string]any) bool) (watch.EventType, map[string]any, bool) {
	matches := match(s.object)
	if event != watch.Modified || s.prev == nil {
		return event, s.object, matches
	}
	matched := match(s.prev)
	switch {
	case matches && !matched:
		return watch.Added, s.object, true
	case !matches && matched:
		last := jsonvalue.DeepCopyObject(s.prev)
		metaOf(last)["resourceVersion"] = metaOf(s.object)["resourceVersion"]
		return watch.Deleted, last, true
	}
	return event, s.object, matches
}
