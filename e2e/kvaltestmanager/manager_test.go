package kvaltestmanager

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/kval-dev/kval/kvaltest"
)

var databaseGVK = schema.GroupVersionKind{Group: "example.kval.dev", Version: "v1", Kind: "Database"}

// engineIndex indexes Databases by spec.engine in the Manager's cache.
const engineIndex = "spec.engine"

// databaseReconciler gives each Database a ConfigMap it owns, naming its
// engine, and sets its status: phase Ready and, as endpoint, how many
// Databases of its namespace share its engine (read through the cache's
// field index).
type databaseReconciler struct{ client client.Client }

func (r *databaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	db := &unstructured.Unstructured{}
	db.SetGroupVersionKind(databaseGVK)
	if err := r.client.Get(ctx, req.NamespacedName, db); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	engine, _, _ := unstructured.NestedString(db.Object, "spec", "engine")
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: db.GetName() + "-config", Namespace: db.GetNamespace()}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.client, cm, func() error {
		cm.Data = map[string]string{"engine": engine}
		return controllerutil.SetControllerReference(db, cm, r.client.Scheme())
	}); err != nil {
		return ctrl.Result{}, err
	}
	peers := &unstructured.UnstructuredList{}
	peers.SetGroupVersionKind(databaseGVK.GroupVersion().WithKind("DatabaseList"))
	if err := r.client.List(ctx, peers, client.InNamespace(req.Namespace), client.MatchingFields{engineIndex: engine}); err != nil {
		return ctrl.Result{}, err
	}
	_ = unstructured.SetNestedField(db.Object, "Ready", "status", "phase")
	_ = unstructured.SetNestedField(db.Object, fmt.Sprintf("%s/%d", engine, len(peers.Items)), "status", "endpoint")
	return ctrl.Result{}, r.client.Status().Update(ctx, db)
}

// startManager runs a Manager with the Database controller on cfg until
// the test ends, and returns its client once its cache has synced.
func startManager(t testing.TB, cfg *rest.Config) client.Client {
	t.Helper()
	ctrl.SetLogger(logr.Discard())
	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
		Scheme:                 clientgoscheme.Scheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
		Controller:             config.Controller{SkipNameValidation: ptr.To(true)},
		// Unstructured Databases read through the cache too (and its index).
		Client: client.Options{Cache: &client.CacheOptions{Unstructured: true}},
	})
	if err != nil {
		t.Fatal(err)
	}
	db := &unstructured.Unstructured{}
	db.SetGroupVersionKind(databaseGVK)
	ctx, cancel := context.WithCancel(context.Background())
	if err := mgr.GetFieldIndexer().IndexField(ctx, db, engineIndex, func(o client.Object) []string {
		engine, _, _ := unstructured.NestedString(o.(*unstructured.Unstructured).Object, "spec", "engine")
		return []string{engine}
	}); err != nil {
		t.Fatal(err)
	}
	if err := ctrl.NewControllerManagedBy(mgr).For(db).Owns(&corev1.ConfigMap{}).Complete(&databaseReconciler{client: mgr.GetClient()}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("manager: %v", err)
		}
	})
	if !mgr.GetCache().WaitForCacheSync(ctx) {
		t.Fatal("the manager's cache did not sync")
	}
	return mgr.GetClient()
}

// eventually polls check every 10ms for up to 10s.
func eventually(t testing.TB, what string, check func() error) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := check()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestServerRunsAManager(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("../../examples/crd.yaml"), nil)
	cached := startManager(t, srv.Config())
	c := srv.Client()
	ctx := context.Background()
	for name, engine := range map[string]string{"a": "postgres", "b": "postgres", "c": "mysql"} {
		db := database(name)
		_ = unstructured.SetNestedField(db.Object, engine, "spec", "engine")
		if err := c.Create(ctx, db); err != nil {
			t.Fatalf("create %s: %v", name, err)
		}
	}
	for name, want := range map[string]string{"a": "postgres/2", "b": "postgres/2", "c": "mysql/1"} {
		eventually(t, "reconcile "+name, func() error {
			db := database(name)
			if err := c.Get(ctx, client.ObjectKeyFromObject(db), db); err != nil {
				return err
			}
			if got, _, _ := unstructured.NestedString(db.Object, "status", "endpoint"); got != want {
				return fmt.Errorf("status.endpoint %v, want %s", got, want)
			}
			return nil
		})
	}
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "c-config"}, cm); err != nil || cm.Data["engine"] != "mysql" || len(cm.OwnerReferences) != 1 {
		t.Fatalf("ConfigMap c-config: %v %+v", err, cm)
	}
	// The Manager's client reads through its cache and its field index.
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(databaseGVK.GroupVersion().WithKind("DatabaseList"))
	if err := cached.List(ctx, list, client.InNamespace("shop"), client.MatchingFields{engineIndex: "postgres"}); err != nil || len(list.Items) != 2 {
		t.Fatalf("cached list by engine: %v, %d items", err, len(list.Items))
	}
	// Its writes go through kval's engine: the same Invalid error as the in-process client's.
	bad := database("bad")
	_ = unstructured.SetNestedField(bad.Object, "oracle", "spec", "engine")
	want := c.Create(ctx, bad.DeepCopy())
	if err := cached.Create(ctx, bad); !apierrors.IsInvalid(err) || err.Error() != want.Error() {
		t.Fatalf("create of an invalid Database through the Manager: %v\nwant the in-process client's %v", err, want)
	}
}

// database is a valid Database in namespace shop.
func database(name string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Database",
		"metadata": map[string]any{"name": name, "namespace": "shop"},
		"spec":     map[string]any{"engine": "postgres", "version": "16.2"},
	}}
}
