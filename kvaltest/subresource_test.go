package kvaltest_test

import (
	"context"
	"testing"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// TestSubresourcesACRDDoesNotDefineAreNotFound: kube-apiserver's handler
// of custom resources answers NotFound, naming the object, for a
// subresource the CRD does not define.
func TestSubresourcesACRDDoesNotDefineAreNotFound(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	db := database("orders")
	mustCreate(t, c, db)
	const want = `databases.example.kval.dev "orders" not found`
	for name, call := range map[string]func() error{
		"scale get":       func() error { return c.SubResource("scale").Get(ctx, db, &autoscalingv1.Scale{}) },
		"scale update":    func() error { return c.SubResource("scale").Update(ctx, db) },
		"scale patch":     func() error { return c.SubResource("scale").Patch(ctx, db, client.MergeFrom(db.DeepCopy())) },
		"eviction create": func() error { return c.SubResource("eviction").Create(ctx, db, &unstructured.Unstructured{}) },
	} {
		if err := call(); !apierrors.IsNotFound(err) || err.Error() != want {
			t.Errorf("%s: %v, want NotFound %s", name, err, want)
		}
	}

	w := kvaltest.NewClient(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	red := widget("red")
	mustCreate(t, w, red)
	if err := w.SubResource("status").Get(ctx, red, &unstructured.Unstructured{}); !apierrors.IsNotFound(err) {
		t.Errorf("status get of a CRD without status: %v, want NotFound", err)
	}
}

// TestSubresourcesNotModelledAreMethodNotSupported: status has no create,
// and the subresources of built-in kinds other than status and scale are not
// modelled: kvaltest says so rather than pretend.
func TestSubresourcesNotModelledAreMethodNotSupported(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	db := database("orders")
	mustCreate(t, c, db)
	if err := c.Status().Create(ctx, db, &unstructured.Unstructured{}); !apierrors.IsMethodNotSupported(err) {
		t.Errorf("status create: %v, want MethodNotSupported", err)
	}
	d := deployment("web", nil)
	mustCreate(t, c, d)
	err := c.SubResource("rollback").Update(ctx, d, client.WithSubResourceBody(&autoscalingv1.Scale{Spec: autoscalingv1.ScaleSpec{Replicas: 3}}))
	if !apierrors.IsMethodNotSupported(err) || err.Error() != `update is not supported on resources of kind "deployments/rollback.apps"` {
		t.Errorf("a subresource of a Deployment not modelled: %v, want MethodNotSupported", err)
	}
}
