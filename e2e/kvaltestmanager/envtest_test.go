package kvaltestmanager

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/kval-dev/kval/e2e/cluster"
	"github.com/kval-dev/kval/kvaltest"
)

// TestKvaltestServerAgainstEnvtest runs one controller-runtime Manager,
// startManager's, with a cache, a field index and the Database controller,
// against kvaltest.Server and against envtest (kube-apiserver from
// e2e/kubeapiserver and etcd from PATH, as conformance/gatewaycel runs
// envtest), checks that it reconciles the same way on both, and logs how
// long each takes to start and to answer a reconcile: the figures of the
// operators' guide (docs/operators.md) and docs/performance.md.
func TestKvaltestServerAgainstEnvtest(t *testing.T) {
	crd := filepath.Join("..", "..", "examples", "crd.yaml")
	var rows []string
	t.Run("kvaltest", func(t *testing.T) {
		start := time.Now()
		srv := kvaltest.NewServer(t, kvaltest.CRDs(crd), nil)
		rows = append(rows, measureManager(t, "kvaltest.Server", srv.Config(), time.Since(start)))
	})
	t.Run("envtest", func(t *testing.T) {
		start := time.Now()
		cfg := startEnvtest(t, crd)
		rows = append(rows, measureManager(t, "envtest", cfg, time.Since(start)))
	})
	for _, row := range rows {
		t.Log(row)
	}
}

// startEnvtest starts envtest with the CRD installed, for the life of t.
func startEnvtest(t *testing.T, crd string) *rest.Config {
	ctx, cancel := context.WithTimeout(context.Background(), cluster.StartTimeout)
	defer cancel()
	apiserver, err := cluster.KubeAPIServer(ctx)
	if err != nil {
		t.Fatal(err)
	}
	etcd, err := exec.LookPath("etcd")
	if err != nil {
		t.Skipf("envtest needs etcd (apt-get install -y etcd-server): %v", err)
	}
	env := &envtest.Environment{CRDInstallOptions: envtest.CRDInstallOptions{Paths: []string{crd}}, ErrorIfCRDPathMissing: true}
	env.ControlPlane.GetAPIServer().Path = apiserver
	env.ControlPlane.Etcd = &envtest.Etcd{Path: etcd}
	cfg, err := env.Start()
	if err != nil {
		t.Fatalf("envtest: %v", err)
	}
	t.Cleanup(func() {
		if err := env.Stop(); err != nil {
			t.Errorf("stopping envtest: %v", err)
		}
	})
	c, err := client.New(cfg, client.Options{})
	if err == nil {
		err = c.Create(context.Background(), &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "shop"}})
	}
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// reconciles is how many Databases measureManager creates, one at a time.
const reconciles = 20

// measureManager starts a Manager on cfg, then creates Databases one at a
// time and waits for each to be reconciled; it returns a row of figures.
func measureManager(t *testing.T, name string, cfg *rest.Config, serverStart time.Duration) string {
	start := time.Now()
	cached := startManager(t, cfg)
	managerStart := time.Since(start)
	direct, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var trips []time.Duration
	for i := range reconciles {
		db := database(fmt.Sprintf("db-%d", i))
		_ = unstructured.SetNestedField(db.Object, []string{"postgres", "mysql"}[i%2], "spec", "engine")
		start := time.Now()
		if err := direct.Create(ctx, db); err != nil {
			t.Fatal(err)
		}
		waitReconciled(t, direct, db)
		trips = append(trips, time.Since(start))
	}
	list := &unstructured.UnstructuredList{}
	list.SetGroupVersionKind(databaseGVK.GroupVersion().WithKind("DatabaseList"))
	if err := cached.List(ctx, list, client.InNamespace("shop"), client.MatchingFields{engineIndex: "mysql"}); err != nil || len(list.Items) != reconciles/2 {
		t.Fatalf("%s: the cache's field index: %v, %d items", name, err, len(list.Items))
	}
	slices.Sort(trips)
	return fmt.Sprintf("%-16s server start %8v  manager start (cache synced) %8v  reconcile round trip: median %8v, max %8v",
		name, serverStart.Round(time.Millisecond), managerStart.Round(time.Millisecond),
		trips[len(trips)/2].Round(100*time.Microsecond), trips[len(trips)-1].Round(100*time.Microsecond))
}

// waitReconciled polls until db's status says Ready with its ConfigMap.
func waitReconciled(t *testing.T, c client.Client, db *unstructured.Unstructured) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := &unstructured.Unstructured{}
		got.SetGroupVersionKind(databaseGVK)
		err := c.Get(context.Background(), client.ObjectKeyFromObject(db), got)
		phase, _, _ := unstructured.NestedString(got.Object, "status", "phase")
		if err == nil && phase == "Ready" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not reconciled: %v %v", db.GetName(), err, got.Object)
		}
		time.Sleep(time.Millisecond)
	}
}
