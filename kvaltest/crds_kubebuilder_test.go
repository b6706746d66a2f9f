package kvaltest_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/kvaltest"
)

// TestCRDsOfAKubebuilderTree: kvaltest.CRDs("config/crd") on a kubebuilder
// project reads the CRDs its kustomization lists (bases/), not the
// kustomize files and partial CRDs beside them.
func TestCRDsOfAKubebuilderTree(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../testdata/kubebuilder/config/crd"), nil)
	db := database("orders")
	if err := c.Create(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if got := nested(db, "spec", "replicas"); got != int64(1) {
		t.Errorf("spec.replicas = %v, want the base CRD's default 1", got)
	}
}

// TestCRDErrorsNameTheFile: a CRD kube-apiserver would refuse fails the
// client with an error that names its file.
func TestCRDErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "bases", "db.yaml")
	if err := os.MkdirAll(filepath.Dir(broken), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, []byte(strings.Replace(string(data), "scope: Namespaced", "scope: Nowhere", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "kustomization.yaml"), []byte("resources:\n- bases/db.yaml\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = kvaltest.New(kvaltest.CRDs(dir), nil)
	if err == nil || !strings.Contains(err.Error(), broken) || !strings.Contains(err.Error(), "spec.scope") {
		t.Errorf("err = %v, want the scope error naming %s", err, broken)
	}
}
