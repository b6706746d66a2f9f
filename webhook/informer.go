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
