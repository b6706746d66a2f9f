package kvaltest_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestUpdateWithAStaleResourceVersionConflicts(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	stale := db.DeepCopy()
	_ = unstructured.SetNestedField(db.Object, "16.3", "spec", "version")
	if err := c.Update(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	_ = unstructured.SetNestedField(stale.Object, "16.4", "spec", "version")
	err := c.Update(context.Background(), stale)
	want := `Operation cannot be fulfilled on databases.example.kval.dev "orders": the object has been modified; please apply your changes to the latest version and try again`
	if !apierrors.IsConflict(err) || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestUpdateOfACustomResourceNeedsAResourceVersion(t *testing.T) {
	c, _ := newDatabases(t)
	mustCreate(t, c, database("orders"))
	err := c.Update(context.Background(), database("orders"))
	want := `databases.example.kval.dev "orders" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestGenerationCountsChangesBesidesMetadata(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	steps := []struct {
		name           string
		mutate         func(*unstructured.Unstructured)
		wantGeneration int64
		wantNewRV      bool
	}{
		{"labels only", func(u *unstructured.Unstructured) { u.SetLabels(map[string]string{"team": "a"}) }, 1, true},
		{"spec", func(u *unstructured.Unstructured) { _ = unstructured.SetNestedField(u.Object, "17", "spec", "version") }, 2, true},
		{"nothing", func(*unstructured.Unstructured) {}, 2, false},
		{"status (ignored: status subresource)", func(u *unstructured.Unstructured) {
			_ = unstructured.SetNestedField(u.Object, "Ready", "status", "phase")
		}, 2, false},
	}
	for _, s := range steps {
		rv := db.GetResourceVersion()
		s.mutate(db)
		if err := c.Update(context.Background(), db); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if db.GetGeneration() != s.wantGeneration || (db.GetResourceVersion() != rv) != s.wantNewRV {
			t.Errorf("%s: generation %d, resourceVersion %s after %s; want generation %d, new resourceVersion %t",
				s.name, db.GetGeneration(), db.GetResourceVersion(), rv, s.wantGeneration, s.wantNewRV)
		}
	}
}

func TestUpdateRunsTransitionChecks(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	_ = unstructured.SetNestedField(db.Object, "mysql", "spec", "engine")
	err := c.Update(context.Background(), db)
	want := `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

// TestImmutableFieldCannotChangeThroughItsParent: the two updates that
// would change spec.engine by way of spec (root does not require it) are
// each denied: removing spec removes the field, adding spec adds it.
func TestImmutableFieldCannotChangeThroughItsParent(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	err := c.Patch(context.Background(), db, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"remove","path":"/spec"}]`)))
	want := `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("removing spec: err = %v\nwant %s", err, want)
	}
	bare := database("bare")
	delete(bare.Object, "spec")
	mustCreate(t, c, bare)
	bare.Object["spec"] = map[string]any{"engine": "mysql", "version": "8"}
	err = c.Update(context.Background(), bare)
	want = `Database.example.kval.dev "bare" is invalid: spec.engine: Forbidden: field is immutable`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("adding spec: err = %v\nwant %s", err, want)
	}
}
