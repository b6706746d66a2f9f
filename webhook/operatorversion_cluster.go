package webhook

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/cache"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// OperatorVersionResource is the resource of KUDO's OperatorVersions.
var OperatorVersionResource = schema.GroupVersionResource{Group: "kudo.dev", Version: "v1beta1", Resource: "operatorversions"}

// clusterOVs serves the cluster's KUDO OperatorVersions, watched in every
// namespace with an informer and decoded once per change, not once per
// request.
type clusterOVs struct {
	client dynamic.Interface
	store  *ovStore
}

// ClusterOperatorVersions is the source of the cluster's OperatorVersions
// and the Finder that serves them.
func ClusterOperatorVersions(client dynamic.Interface) (params.Finder, Source) {
	c := &clusterOVs{client: client, store: newOVStore("watched in the cluster")}
	return c.store, c
}

// Name implements Source.
func (c *clusterOVs) Name() string { return "operator-versions-cluster" }

// Run implements Source: every OperatorVersion event updates the store;
// the first load is reported once the informer has delivered the initial
// list, later ones for each event.
func (c *clusterOVs) Run(ctx context.Context, report func(Load)) {
	informer := newInformer(c.client, OperatorVersionResource, 0, "")
	w := &ovWatch{store: c.store, load: &initialLoad{report: report, unit: ovUnit, served: c.store.len}}
	err := runInformer(ctx, informer, cache.ResourceEventHandlerFuncs{
		AddFunc:    w.put,
		UpdateFunc: func(_, obj any) { w.put(obj) },
		DeleteFunc: w.remove,
	}, w.load.done)
	if err != nil {
		report(Load{Unit: ovUnit, Err: fmt.Errorf("watching OperatorVersions: %w", err)})
	}
}

// ovWatch applies OperatorVersion events to the store.
type ovWatch struct {
	store *ovStore
	load  *initialLoad
}

func (w *ovWatch) put(obj any) {
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return
	}
	doc := manifest.Document{Source: manifest.Source{File: "cluster", Item: -1}, Object: u.Object}
	ov, err := params.DecodeOperatorVersion(doc)
	if err != nil {
		// The previous version, if any, would check Instances with
		// parameters the cluster no longer has: drop it.
		w.store.remove(u.GetNamespace(), u.GetName())
		w.load.event(fmt.Errorf("OperatorVersion %s/%s: %w", u.GetNamespace(), u.GetName(), err))
		return
	}
	w.store.put(ov)
	w.load.event()
}

func (w *ovWatch) remove(obj any) {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
	}
	if u, ok := obj.(*unstructured.Unstructured); ok {
		w.store.remove(u.GetNamespace(), u.GetName())
		w.load.event()
	}
}
