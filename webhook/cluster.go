package webhook

import (
	"context"
	"fmt"
	"sync"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/cache"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/manifest"
	kvalschema "github.com/kval-dev/kval/schema"
)

var crdResource = crdsource.CRDResource

// clusterCRDs serves the CRDs of the cluster in a catalog, watched with
// an informer. kube-apiserver drops kval's schema extensions from stored
// CRDs, so they come from the annotation `kval annotate` writes (package
// annotation).
type clusterCRDs struct {
	cat    *catalog.Catalog
	client dynamic.Interface
	// labelSelector limits the CRDs watched ("" watches all).
	labelSelector string
}

// ClusterCRDs is the source of the cluster's CRDs (those labelSelector
// selects, "" for all) in cat.
func ClusterCRDs(cat *catalog.Catalog, client dynamic.Interface, labelSelector string) Source {
	return &clusterCRDs{cat: cat, client: client, labelSelector: labelSelector}
}

// Name implements Source.
func (c *clusterCRDs) Name() string { return "cluster" }

// Run implements Source: every CRD event updates the catalog; the first
// load is reported once the informer has delivered the initial list.
func (c *clusterCRDs) Run(ctx context.Context, report func(Load)) {
	informer := newInformer(c.client, crdResource, 0, c.labelSelector)
	w := &crdWatch{ctx: ctx, catalog: c.cat, served: map[string]bool{}}
	w.load = &initialLoad{report: report, served: w.count}
	err := runInformer(ctx, informer, cache.ResourceEventHandlerFuncs{
		AddFunc: w.put,
		UpdateFunc: func(old, obj any) {
			if schemaChanged(old, obj) {
				w.put(obj)
			}
		},
		DeleteFunc: w.remove,
	}, w.load.done)
	if err != nil {
		report(Load{Err: fmt.Errorf("watching CRDs: %w", err)})
	}
}

// crdWatch applies CRD events to the catalog.
type crdWatch struct {
	ctx     context.Context
	catalog *catalog.Catalog
	load    *initialLoad

	mu     sync.Mutex
	served map[string]bool
}

func (w *crdWatch) put(obj any) {
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return
	}
	crd, err := decodeLiveCRD(u)
	var refused []error
	if err == nil {
		refused, err = w.catalog.Update(w.ctx, []*kvalschema.CRD{crd}, nil)
	}
	w.mu.Lock()
	if err == nil && len(refused) == 0 {
		w.served[u.GetName()] = true
	}
	w.mu.Unlock()
	w.load.event(append(refused, err)...)
}

func (w *crdWatch) remove(obj any) {
	if tombstone, ok := obj.(cache.DeletedFinalStateUnknown); ok {
		obj = tombstone.Obj
	}
	u, ok := obj.(*unstructured.Unstructured)
	if !ok {
		return
	}
	_, err := w.catalog.Update(w.ctx, nil, []string{u.GetName()})
	w.mu.Lock()
	delete(w.served, u.GetName())
	w.mu.Unlock()
	w.load.event(err)
}

func (w *crdWatch) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.served)
}

// schemaChanged reports whether a CRD update can change what kval serves:
// its spec (kube-apiserver bumps the generation) or kval's annotation. Most
// updates of a CRD are of its status, which would otherwise lint and
// compile it again each time.
func schemaChanged(old, obj any) bool {
	o, ok1 := old.(*unstructured.Unstructured)
	n, ok2 := obj.(*unstructured.Unstructured)
	return !ok1 || !ok2 || o.GetGeneration() != n.GetGeneration() ||
		o.GetAnnotations()[annotation.Key] != n.GetAnnotations()[annotation.Key]
}

// decodeLiveCRD reads a CRD as kube-apiserver serves it, with kval's
// extensions restored from the annotation.
func decodeLiveCRD(u *unstructured.Unstructured) (*kvalschema.CRD, error) {
	return crdsource.DecodeLive(u.UnstructuredContent(), manifest.Source{File: "cluster", Item: -1})
}
