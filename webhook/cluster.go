package webhook

import (
	"context"
	"fmt"
	"sync"
	"time"

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

// ClusterSource serves the CRDs of the cluster, watched with an informer.
// kube-apiserver drops kval's schema extensions from stored CRDs, so they
// come from the annotation `kval annotate` writes (package annotation).
type ClusterSource struct {
	Client dynamic.Interface
	// LabelSelector limits the CRDs watched ("" watches all).
	LabelSelector string
	Resync        time.Duration
}

// Name implements Source.
func (c *ClusterSource) Name() string { return "cluster" }

// Run implements Source: every CRD event updates the catalog; the first
// load is reported once the informer has delivered the initial list.
func (c *ClusterSource) Run(ctx context.Context, cat *catalog.Catalog, report func(Load)) {
	informer := newInformer(c.Client, crdResource, c.Resync, c.LabelSelector)
	w := &crdWatch{ctx: ctx, catalog: cat, report: report, served: map[string]bool{}}
	err := runInformer(ctx, informer, cache.ResourceEventHandlerFuncs{
		AddFunc: w.put,
		UpdateFunc: func(old, obj any) {
			if schemaChanged(old, obj) {
				w.put(obj)
			}
		},
		DeleteFunc: w.remove,
	}, w.synced)
	if err != nil {
		report(Load{Err: fmt.Errorf("watching CRDs: %w", err)})
	}
}

// crdWatch applies CRD events to the catalog. Before the initial list is
// delivered it collects refusals; then it reports each event.
type crdWatch struct {
	ctx     context.Context
	catalog *catalog.Catalog
	report  func(Load)

	mu          sync.Mutex
	served      map[string]bool
	initialDone bool
	pending     []error
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
	defer w.mu.Unlock()
	if err == nil && len(refused) == 0 {
		w.served[u.GetName()] = true
	}
	w.reportLocked(append(refused, err))
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
	defer w.mu.Unlock()
	delete(w.served, u.GetName())
	w.reportLocked([]error{err})
}

func (w *crdWatch) synced() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.initialDone = true
	w.report(Load{Served: len(w.served), Refused: w.pending})
	w.pending = nil
}

// reportLocked reports an event's errors, or keeps them for the first load.
func (w *crdWatch) reportLocked(errs []error) {
	var refused []error
	for _, err := range errs {
		if err != nil {
			refused = append(refused, err)
		}
	}
	if !w.initialDone {
		w.pending = append(w.pending, refused...)
		return
	}
	w.report(Load{Served: len(w.served), Refused: refused})
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
