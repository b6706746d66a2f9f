package kvaltest_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

func TestStatusWritesChangeOnlyTheStatus(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	db := database("orders")
	_ = unstructured.SetNestedField(db.Object, "Ready", "status", "phase")
	mustCreate(t, c, db)
	if _, found := db.Object["status"]; found {
		t.Errorf("create kept the status: %v", db.Object["status"])
	}
	_ = unstructured.SetNestedField(db.Object, "Ready", "status", "phase")
	_ = unstructured.SetNestedField(db.Object, "17", "spec", "version")
	if err := c.Status().Update(ctx, db); err != nil {
		t.Fatal(err)
	}
	if nested(db, "status", "phase") != "Ready" || nested(db, "spec", "version") != "16.2" || db.GetGeneration() != 1 {
		t.Errorf("after a status update: status %v, spec.version %v, generation %d; want Ready, 16.2, 1",
			db.Object["status"], nested(db, "spec", "version"), db.GetGeneration())
	}
	patch := client.RawPatch(types.MergePatchType, []byte(`{"status":{"phase":"Failed"}}`))
	if err := c.Status().Patch(ctx, db, patch); err != nil || nested(db, "status", "phase") != "Failed" {
		t.Errorf("status patch: %v, status %v", err, db.Object["status"])
	}
}

func TestStatusOfAKindWithoutTheSubresourceIsNotFound(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	w := widget("red")
	_ = unstructured.SetNestedField(w.Object, true, "status", "seen")
	mustCreate(t, c, w)
	if nested(w, "status", "seen") != true {
		t.Errorf("without a status subresource, create keeps the status: %v", w.Object["status"])
	}
	err := c.Status().Update(context.Background(), w)
	want := `widgets.test.kval.dev "red" not found`
	if !apierrors.IsNotFound(err) || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}
