package kvaltestmanager

import (
	"context"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/kval-dev/kval/kvaltest"
)

// TestManagerOnKvaltest is docs/operators.md's example of a Manager on
// kvaltest.Server, on examples/crd.yaml where the guide reads config/crd.
func TestManagerOnKvaltest(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("../../examples/crd.yaml"), nil)
	mgr, err := ctrl.NewManager(srv.Config(), ctrl.Options{
		Metrics:    metricsserver.Options{BindAddress: "0"},
		Controller: config.Controller{SkipNameValidation: ptr.To(true)}, // one Manager per test
	})
	if err != nil {
		t.Fatal(err)
	}
	db := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Database",
		"metadata": map[string]any{"name": "orders", "namespace": "shop"},
		"spec":     map[string]any{"engine": "postgres", "version": "16.2"},
	}}
	gvk := db.GroupVersionKind()
	err = ctrl.NewControllerManagedBy(mgr).For(db.DeepCopy()).Complete(reconcile.Func(func(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
		obj := &unstructured.Unstructured{}
		obj.SetGroupVersionKind(gvk)
		if err := mgr.GetClient().Get(ctx, req.NamespacedName, obj); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		_ = unstructured.SetNestedField(obj.Object, "Ready", "status", "phase")
		return ctrl.Result{}, mgr.GetClient().Status().Update(ctx, obj)
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	go func() { _ = mgr.Start(ctx) }()

	c := srv.Client() // the same store, in process
	if err := c.Create(ctx, db); err != nil {
		t.Fatal(err)
	}
	for phase := ""; phase != "Ready"; time.Sleep(10 * time.Millisecond) {
		if err := c.Get(ctx, client.ObjectKeyFromObject(db), db); err != nil || ctx.Err() != nil {
			t.Fatal(err, ctx.Err())
		}
		phase, _, _ = unstructured.NestedString(db.Object, "status", "phase")
	}
}
