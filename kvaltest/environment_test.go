package kvaltest_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/kval-dev/kval/kvaltest"
)

// Environment starts and stops as envtest.Environment does; a missing CRD
// path is skipped unless ErrorIfCRDPathMissing.
func TestEnvironmentStartsAndStops(t *testing.T) {
	env := &kvaltest.Environment{CRDDirectoryPaths: []string{"testdata/pools.yaml", "testdata/missing"}}
	cfg, err := env.Start()
	if err != nil {
		t.Fatal(err)
	}
	cs := kubernetes.NewForConfigOrDie(cfg)
	if _, err := cs.CoreV1().ConfigMaps("ns").Create(context.Background(), &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := env.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := env.Server.Stop(); err != nil {
		t.Fatalf("stopping twice: %v", err)
	}
	strict := &kvaltest.Environment{CRDDirectoryPaths: []string{"testdata/missing"}, ErrorIfCRDPathMissing: true}
	if _, err := strict.Start(); err == nil || !strings.Contains(err.Error(), "testdata/missing") {
		t.Fatalf("a missing CRD path with ErrorIfCRDPathMissing: %v", err)
	}
}

// A server's kubeconfig file is read by clientcmd as kubectl reads it, and
// a clientset made from it (which sends built-in kinds as protobuf) writes.
func TestServerWritesAKubeconfig(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs(), nil)
	path := filepath.Join(t.TempDir(), "kubeconfig")
	if err := srv.WriteKubeconfig(path); err != nil {
		t.Fatal(err)
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", path)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Host != srv.URL() {
		t.Fatalf("the kubeconfig's server %q, want %q", cfg.Host, srv.URL())
	}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n"}}
	if _, err := kubernetes.NewForConfigOrDie(cfg).CoreV1().Namespaces().Create(context.Background(), ns, metav1.CreateOptions{}); err != nil {
		t.Fatalf("a client of the kubeconfig: %v", err)
	}
}
