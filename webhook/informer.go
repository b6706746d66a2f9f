package webhook

import (
	"context"
	"sync"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/cache"
)

// newInformer watches the objects of a resource in every namespace through
// the dynamic client, as client-go's dynamicinformer does, without that
// package: it imports client-go's typed informers and clientset, whose
// scheme registration cost every kval command 5.7 ms of its start.
// labelSelector ("" for all) limits the objects watched.
func newInformer(client dynamic.Interface, gvr schema.GroupVersionResource, resync time.Duration, labelSelector string) cache.SharedIndexInformer {
	resource := client.Resource(gvr)
	lw := &cache.ListWatch{
		ListWithContextFunc: func(ctx context.Context, o metav1.ListOptions) (runtime.Object, error) {
			o.LabelSelector = labelSelector
			return resource.List(ctx, o)
		},
		WatchFuncWithContext: func(ctx context.Context, o metav1.ListOptions) (watch.Interface, error) {
			o.LabelSelector = labelSelector
			return resource.Watch(ctx, o)
		},
	}
	return cache.NewSharedIndexInformerWithOptions(cache.ToListWatcherWithWatchListSemantics(lw, client), &unstructured.Unstructured{},
		cache.SharedIndexInformerOptions{ResyncPeriod: resync, ObjectDescription: gvr.String()})
}

// runInformer runs an informer with handlers until ctx ends, calling
// synced once it has delivered the initial list, and returns once the
// informer has stopped; the error is AddEventHandler's, before anything
// ran.
func runInformer(ctx context.Context, informer cache.SharedIndexInformer, handlers cache.ResourceEventHandler, synced func()) error {
	registration, err := informer.AddEventHandler(handlers)
	if err != nil {
		return err
	}
	var running sync.WaitGroup
	running.Go(func() { informer.RunWithContext(ctx) })
	defer running.Wait()
	if cache.WaitForCacheSync(ctx.Done(), registration.HasSynced) {
		synced()
	}
	<-ctx.Done()
	return nil
}

// initialLoad reports the loads of a watched source: until the informer
// has delivered its initial list it keeps the refusals of the events for
// the first load, then it reports each event's.
type initialLoad struct {
	report func(Load)
	unit   string
	served func() int // how many objects the source serves now

	mu      sync.Mutex
	synced  bool
	pending []error
}

// event reports an event's errors (nil ones are left out), or keeps them
// for the first load.
func (l *initialLoad) event(errs ...error) {
	var refused []error
	for _, err := range errs {
		if err != nil {
			refused = append(refused, err)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.synced {
		l.pending = append(l.pending, refused...)
		return
	}
	l.report(Load{Served: l.served(), Unit: l.unit, Refused: refused})
}

// done reports the first load, once the initial list is delivered.
func (l *initialLoad) done() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.synced = true
	l.report(Load{Served: l.served(), Unit: l.unit, Refused: l.pending})
	l.pending = nil
}
