package kvaltest_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestDeleteWaitsForFinalizers(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	db := database("orders")
	db.SetFinalizers([]string{"example.kval.dev/backup"})
	mustCreate(t, c, db)
	if err := c.Delete(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx, client.ObjectKeyFromObject(db), db); err != nil {
		t.Fatalf("an object with finalizers is kept: %v", err)
	}
	if db.GetDeletionTimestamp() == nil || db.GetGeneration() != 2 || *db.GetDeletionGracePeriodSeconds() != 0 {
		t.Fatalf("deletionTimestamp %v, generation %d: want a timestamp and generation 2", db.GetDeletionTimestamp(), db.GetGeneration())
	}
	rv := db.GetResourceVersion()
	if err := c.Delete(ctx, db); err != nil || mustGet(t, c, db).GetResourceVersion() != rv {
		t.Fatalf("a second delete: %v; it must write nothing", err)
	}
	db.SetFinalizers(nil)
	if err := c.Update(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx, client.ObjectKeyFromObject(db), database("")); !apierrors.IsNotFound(err) {
		t.Fatalf("after its last finalizer: %v, want NotFound", err)
	}
}

func TestDeletePreconditionsAndNotFound(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	db := database("orders")
	mustCreate(t, c, db)
	if err := c.Delete(ctx, db, client.Preconditions{ResourceVersion: new("0")}); !apierrors.IsConflict(err) {
		t.Errorf("stale precondition: %v, want a conflict", err)
	}
	if err := c.Delete(ctx, db); err != nil {
		t.Fatal(err)
	}
	err := c.Delete(ctx, db)
	want := `databases.example.kval.dev "orders" not found`
	if !apierrors.IsNotFound(err) || err.Error() != want {
		t.Errorf("second delete: %v, want %s", err, want)
	}
}

func mustGet(t *testing.T, c client.Client, obj client.Object) client.Object {
	t.Helper()
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(obj), obj); err != nil {
		t.Fatal(err)
	}
	return obj
}
