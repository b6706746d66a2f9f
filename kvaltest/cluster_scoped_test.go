package kvaltest_test

import (
	"context"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// widgetsGVR is testdata/widgets.yaml's cluster-scoped Widget.
var widgetsGVR = schema.GroupVersionResource{Group: "test.kval.dev", Version: "v1", Resource: "widgets"}

// A cluster-scoped object keeps no metadata.namespace from a request body,
// on any write path, as kube-apiserver's BeforeCreate and BeforeUpdate
// clear it: create, dry-run apply, apply, merge and JSON patches, update.
func TestClusterScopedObjectsHaveNoNamespace(t *testing.T) {
	clusterRole := func(name string) *unstructured.Unstructured {
		return &unstructured.Unstructured{Object: map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": map[string]any{"name": name}}}
	}
	t.Run("custom resource", func(t *testing.T) { clusterScopedWrites(t, widgetsGVR, widget) })
	t.Run("built-in kind", func(t *testing.T) {
		clusterScopedWrites(t, rbacv1.SchemeGroupVersion.WithResource("clusterroles"), clusterRole)
	})
}

func clusterScopedWrites(t *testing.T, gvr schema.GroupVersionResource, object func(name string) *unstructured.Unstructured) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	dc := dynamic.NewForConfigOrDie(srv.Config())
	ctx := context.Background()
	res := dc.Resource(gvr)
	body := func(name string) *unstructured.Unstructured {
		u := object(name)
		u.SetNamespace("stray")
		return u
	}
	check := func(what string, u *unstructured.Unstructured, err error) {
		t.Helper()
		if err != nil || u.GetNamespace() != "" {
			t.Errorf("%s: %v, namespace %q, want none", what, err, u.GetNamespace())
		}
		if stored, err := res.Get(ctx, u.GetName(), metav1.GetOptions{}); err == nil && stored.GetNamespace() != "" {
			t.Errorf("%s: stored with namespace %q", what, stored.GetNamespace())
		}
	}
	u, err := res.Apply(ctx, "red", body("red"), metav1.ApplyOptions{FieldManager: "m", DryRun: []string{"All"}})
	check("dry-run apply", u, err)
	u, err = res.Create(ctx, body("red"), metav1.CreateOptions{})
	check("create", u, err)
	u, err = res.Apply(ctx, "red", body("red"), metav1.ApplyOptions{FieldManager: "m"})
	check("apply of an existing object", u, err)
	u, err = res.Patch(ctx, "red", types.MergePatchType, []byte(`{"metadata":{"namespace":"stray"}}`), metav1.PatchOptions{})
	check("merge patch", u, err)
	u, err = res.Patch(ctx, "red", types.JSONPatchType, []byte(`[{"op":"add","path":"/metadata/namespace","value":"stray"}]`), metav1.PatchOptions{})
	check("JSON patch", u, err)
	u, err = res.Apply(ctx, "blue", body("blue"), metav1.ApplyOptions{FieldManager: "m"})
	check("apply that creates", u, err)
	u.SetNamespace("stray")
	u, err = res.Update(ctx, u, metav1.UpdateOptions{})
	check("update", u, err)
}

// Built-in cluster-scoped kinds too, through the in-process client.
func TestClusterScopedBuiltinsHaveNoNamespace(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	ctx := context.Background()
	role := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{Name: "r"}}
	if err := c.Create(ctx, role); err != nil {
		t.Fatal(err)
	}
	role.Namespace = "stray"
	if err := c.Update(ctx, role); err != nil || role.Namespace != "" {
		t.Fatalf("update of a ClusterRole with a namespace: %v, namespace %q", err, role.Namespace)
	}
	patch := []byte(`{"metadata":{"namespace":"stray"}}`)
	if err := c.Patch(ctx, role, client.RawPatch(types.MergePatchType, patch)); err != nil || role.Namespace != "" {
		t.Fatalf("merge patch of a ClusterRole's namespace: %v, namespace %q", err, role.Namespace)
	}
}
