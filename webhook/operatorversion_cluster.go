package webhook

import (
	"context"
	"fmt"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/cache"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// OperatorVersionResource is the resource of KUDO's OperatorVersions.
var OperatorVersionResource = schema.GroupVersionResource{Group: "kudo.dev", Version: "v1beta1", Resource: "operatorversions"}

// ClusterOperatorVersions serves the cluster's KUDO OperatorVersions,
// watched in every namespace with an informer and decoded once per change,
// not once per request.
type ClusterOperatorVersions struct {
	client dynamic.Interface
	resync time.Duration
	store  *ovStore
}

// NewClusterOperatorVersions returns the source of the cluster's
// OperatorVersions; resync is the informer's (0: none).
func NewClusterOperatorVersions(client dynamic.Interface, resync time.Duration) *ClusterOperatorVersions {
	return &ClusterOperatorVersions{client: client, resync: resync, store: newOVStore("watched in the cluster")}
}

// Name implements Source.
func (c *ClusterOperatorVersions) Name() string { return "operator-versions-cluster" }

// OperatorVersion implements OperatorVersions.
func (c *ClusterOperatorVersions) OperatorVersion(ctx context.Context, namespace, name string) (*params.OperatorVersion, error) {
	return c.store.OperatorVersion(ctx, namespace, name)
}

// Run implements Source: every OperatorVersion event updates the store;
// the first load is reported once the informer has delivered the initial
// list, later ones for each OperatorVersion refused. The catalog is not
// used.
func (c *ClusterOperatorVersions) Run(ctx context.Context, _ *catalog.Catalog, report func(Load)) {
	informer := newInformer(c.client, OperatorVersionResource, c.resync, "")
	w := &ovWatch{store: c.store, report: report}
	err := runInformer(ctx, informer, cache.ResourceEventHandlerFuncs{
		AddFunc:    w.put,
		UpdateFunc: func(_, obj any) { w.put(obj) },
		DeleteFunc: w.remove,
	}, w.synced)
	if err != nil {
		report(Load{Unit: ovUnit, Err: fmt.Errorf("watching OperatorVersions: %w", err)})
	}
}

// ovWatch applies OperatorVersion events to the store; as crdWatch, it
// keeps refusals for the first load until the initial list is delivered.
type ovWatch struct {
	store  *ovStore
	report func(Load)

	mu          sync.Mutex
	initialDone bool
	pending     []error
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
		w.refused(fmt.Errorf("OperatorVersion %s/%s: %w", u.GetNamespace(), u.GetName(), err))
		return
	}
	w.store.put(ov)
}

func (w *ovWatch) remove(obj any) {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
	}
	if u, ok := obj.(*unstructured.Unstructured); ok {
		w.store.remove(u.GetNamespace(), u.GetName())
	}
}

func (w *ovWatch) refused(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.initialDone {
		w.pending = append(w.pending, err)
		return
	}
	w.report(Load{Served: w.store.len(), Unit: ovUnit, Refused: []error{err}})
}

func (w *ovWatch) synced() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.initialDone = true
	w.report(Load{Served: w.store.len(), Unit: ovUnit, Refused: w.pending})
	w.pending = nil
}
