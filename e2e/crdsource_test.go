package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/engine"
	kvalschema "github.com/kval-dev/kval/schema"
)

var (
	clusterRoleRes = schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterroles"}
	bindingRes     = schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterrolebindings"}
)

// crdReader is the user that may only get and list CRDs; nobody may do
// nothing. Both are impersonated by the admin's kubeconfig.
const (
	crdReader = "kval-crd-reader"
	nobody    = "kval-nobody"
)

// TestCRDSourceCluster: --crd cluster: reads the live cluster's CRDs with a
// user that may only list them, with kval's extensions restored from the
// annotation kval annotate writes; a kubeconfig without access is a clear
// error naming the cluster source.
func TestCRDSourceCluster(t *testing.T) {
	client := dynamicClient(t)
	installExamples(t, client)
	packed, _, err := annotation.Pack(example(t, "crd.yaml").Object)
	if err != nil {
		t.Fatal(err)
	}
	crd := &unstructured.Unstructured{Object: packed}
	live, err := client.Resource(crdResource).Get(t.Context(), crd.GetName(), metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	live.SetAnnotations(crd.GetAnnotations())
	if _, err := client.Resource(crdResource).Update(t.Context(), live, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("annotating the CRD: %v", err)
	}
	grantCRDReader(t, client)

	loaded := crdsource.ReadCluster(t.Context(), kubeconfig(t, crdReader))
	if errs := loaded.Errors(); len(errs) > 0 {
		t.Fatalf("as %s: %v", crdReader, errs)
	}
	found := false
	for _, c := range loaded.CRDs {
		if c.Name() != crd.GetName() {
			continue
		}
		found = true
		engine := c.VersionSchema("v1").FieldSchema("spec").FieldSchema("engine")
		if engine == nil || engine.Mutability == nil || *engine.Mutability != kvalschema.Immutable {
			t.Errorf("spec.engine of the live CRD lost its mutability extension: %+v", engine)
		}
	}
	if !found {
		t.Fatalf("as %s: %s not among %d CRDs", crdReader, crd.GetName(), len(loaded.CRDs))
	}

	validateFromCluster(t, kubeconfig(t, crdReader))

	errs := crdsource.ReadCluster(t.Context(), kubeconfig(t, nobody)).Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "cluster: listing CustomResourceDefinitions") || !strings.Contains(errs[0].Error(), "forbidden") {
		t.Fatalf("as %s: %v, want one error saying the list is forbidden", nobody, errs)
	}
	errs = crdsource.ReadCluster(t.Context(), filepath.Join(t.TempDir(), "missing")).Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "cluster: reading the kubeconfig") {
		t.Fatalf("missing kubeconfig: %v", errs)
	}
}

// grantCRDReader lets crdReader get and list CRDs, nothing else.
func grantCRDReader(t *testing.T, client dynamic.Interface) {
	role := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": map[string]any{"name": crdReader},
		"rules": []any{map[string]any{"apiGroups": []any{"apiextensions.k8s.io"}, "resources": []any{"customresourcedefinitions"}, "verbs": []any{"get", "list"}}},
	}}
	binding := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding", "metadata": map[string]any{"name": crdReader},
		"roleRef":  map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole", "name": crdReader},
		"subjects": []any{map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": "User", "name": crdReader}},
	}}
	ensure(t, client.Resource(clusterRoleRes), role)
	ensure(t, client.Resource(bindingRes), binding)
	waitUntilAllowed(t, crdReader)
}

// waitUntilAllowed waits until user may list CRDs: kube-apiserver's
// authorizer reads RBAC from its informers, so a grant takes effect a
// moment after it is stored (a read right after it was once forbidden).
func waitUntilAllowed(t *testing.T, user string) {
	cfg := testCluster.Config()
	cfg.Impersonate = rest.ImpersonationConfig{UserName: user}
	reader, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	poll(t, "waiting for "+user+"'s grant to take effect", func(ctx context.Context) (bool, error) {
		_, err := reader.Resource(crdResource).List(ctx, metav1.ListOptions{Limit: 1})
		switch {
		case err == nil:
			return true, nil
		case apierrors.IsForbidden(err):
			return false, nil
		default:
			return false, err
		}
	})
}

// kubeconfig writes a kubeconfig of the test cluster acting as user (the
// admin impersonates it, as kubectl --as does).
func kubeconfig(t *testing.T, user string) string {
	cfg := testCluster.Config()
	kc := clientcmdapi.NewConfig()
	kc.Clusters["e2e"] = &clientcmdapi.Cluster{Server: cfg.Host, CertificateAuthority: cfg.CAFile}
	kc.AuthInfos["e2e"] = &clientcmdapi.AuthInfo{Token: cfg.BearerToken, Impersonate: user}
	kc.Contexts["e2e"] = &clientcmdapi.Context{Cluster: "e2e", AuthInfo: "e2e"}
	kc.CurrentContext = "e2e"
	path := filepath.Join(t.TempDir(), "kubeconfig")
	if err := clientcmd.WriteToFile(*kc, path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return path
}

// validateFromCluster serves the live CRDs as kval validate --crd cluster:
// does (deferred, through the catalog): the engine change of the example's
// update is denied by the extension restored from the annotation.
func validateFromCluster(t *testing.T, kubeconfig string) {
	cat := catalog.New(catalog.Options{})
	loaded := crdsource.Read(t.Context(), []string{crdsource.ClusterSource}, crdsource.Options{Defer: true, Kubeconfig: kubeconfig})
	if _, err := cat.Load(loaded); err != nil {
		t.Fatalf("loading the cluster's CRDs: %v %v", err, loaded.Problems)
	}
	v, err := cat.ForObject(t.Context(), "example.kval.dev/v1", "Database")
	if err != nil {
		t.Fatal(err)
	}
	old, obj := example(t, "current/orders.yaml"), example(t, "current/orders.yaml")
	if err := unstructured.SetNestedField(obj.Object, "mysql", "spec", "engine"); err != nil {
		t.Fatal(err)
	}
	res, err := v.Validate(t.Context(), engine.Request{Operation: engine.Update, Object: obj.Object, OldObject: old.Object})
	if err != nil || len(res.Errors) == 0 || !strings.Contains(res.Errors.ToAggregate().Error(), "spec.engine: Forbidden: field is immutable") {
		t.Fatalf("%v %v, want spec.engine immutable", err, res.Errors)
	}
}
