package kvaltest

import (
	"sort"
	"strconv"
	"sync"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
)

// key identifies a stored object, as kube-apiserver's storage keys do: by
// resource, not by version.
type key struct {
	resource        schema.GroupResource
	namespace, name string
}

// store holds objects as JSON values, in the version they were last
// written in. One lock serializes every write, as etcd orders them; the
// resourceVersion counter is global, as etcd's revision is.
type store struct {
	mu       sync.Mutex
	objects  map[key]map[string]any
	revision uint64
	events   *watch.Broadcaster
	pages    snapshots             // of paginated lists (paginate.go)
	contents map[key]storedContent // objects' content as etcd holds it (store_content.go)
}

func newStore() *store {
	return &store{
		objects: map[key]map[string]any{},
		// Writers never wait for slow watchers beyond this queue.
		events: watch.NewLongQueueBroadcaster(1024, watch.WaitIfChannelFull),
	}
}

func (s *store) close() { s.events.Shutdown() }

// nextResourceVersion returns the resourceVersion of the next write.
func (s *store) nextResourceVersion() string {
	s.revision++
	return strconv.FormatUint(s.revision, 10)
}

// currentResourceVersion is the resourceVersion of a list.
func (s *store) currentResourceVersion() string {
	return strconv.FormatUint(s.revision, 10)
}

// put stores obj (owned by the store from now on) and tells the watchers,
// with the object it replaces: a watch with a selector needs both to see
// an object come to match or stop matching.
func (s *store) put(k key, obj map[string]any, event watch.EventType) {
	prev := s.objects[k]
	s.objects[k] = obj
	_ = s.events.Action(event, &storedObject{key: k, object: obj, prev: prev})
}

// remove drops an object and tells the watchers.
func (s *store) remove(k key, last map[string]any) {
	delete(s.objects, k)
	_ = s.events.Action(watch.Deleted, &storedObject{key: k, object: last})
}

// list returns the objects of a resource in a namespace ("" for all), in
// kube-apiserver's order (by namespace, then name).
func (s *store) list(resource schema.GroupResource, namespace string) []*storedObject {
	var out []*storedObject
	for k, obj := range s.objects {
		if k.resource == resource && (namespace == "" || k.namespace == namespace) {
			out = append(out, &storedObject{key: k, object: obj})
		}
	}
	sort.Slice(out, func(i, j int) bool { return storageKey(out[i].key) < storageKey(out[j].key) })
	return out
}

// storedObject is a stored object in a watch event. Stored maps are never
// changed in place (writes replace them), so events share them.
type storedObject struct {
	key    key
	object map[string]any
	prev   map[string]any // in a MODIFIED event, the object before
}

func (o *storedObject) GetObjectKind() schema.ObjectKind { return schema.EmptyObjectKind }

// DeepCopyObject returns o itself: its object is immutable.
func (o *storedObject) DeepCopyObject() runtime.Object { return o }
