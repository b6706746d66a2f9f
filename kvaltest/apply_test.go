package kvaltest_test

import (
	"context"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// applied is an apply configuration of a Database with users.
func applied(users ...string) *unstructured.Unstructured {
	list := make([]any, len(users))
	for i, u := range users {
		list[i] = map[string]any{"name": u}
	}
	db := database("orders")
	_ = unstructured.SetNestedSlice(db.Object, list, "spec", "users")
	return db
}

func TestServerSideApplyCreatesMergesAndTracksManagers(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	if err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(applied("alice")), client.FieldOwner("a")); err != nil {
		t.Fatalf("apply create: %v", err)
	}
	// b owns another key of the list-map users: a's user stays.
	bConfig := applied("bob")
	unstructured.RemoveNestedField(bConfig.Object, "spec", "version")
	unstructured.RemoveNestedField(bConfig.Object, "spec", "engine")
	if err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(bConfig), client.FieldOwner("b")); err != nil {
		t.Fatalf("apply of b: %v", err)
	}
	got := database("")
	if err := c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "orders"}, got); err != nil {
		t.Fatal(err)
	}
	users, _, _ := unstructured.NestedSlice(got.Object, "spec", "users")
	if len(users) != 2 || got.GetGeneration() != 2 || nested(got, "spec", "replicas") != int64(1) {
		t.Errorf("users %v, generation %d, replicas %v: want alice and bob (a list-map merges by key), 2, the default 1",
			users, got.GetGeneration(), nested(got, "spec", "replicas"))
	}
	managers := map[string]bool{}
	for _, m := range got.GetManagedFields() {
		managers[m.Manager+"/"+string(m.Operation)] = true
	}
	if !managers["a/Apply"] || !managers["b/Apply"] {
		t.Errorf("managed fields of %v, want a/Apply and b/Apply", managers)
	}
}

func TestServerSideApplyConflictsAndIsValidated(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	if err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(applied()), client.FieldOwner("a")); err != nil {
		t.Fatal(err)
	}
	changed := applied()
	_ = unstructured.SetNestedField(changed.Object, "17", "spec", "version")
	err := c.Apply(ctx, client.ApplyConfigurationFromUnstructured(changed), client.FieldOwner("b"))
	if !apierrors.IsConflict(err) || !strings.Contains(err.Error(), `conflict with "a": .spec.version`) {
		t.Fatalf("err = %v, want a conflict with a on .spec.version", err)
	}
	err = c.Apply(ctx, client.ApplyConfigurationFromUnstructured(changed), client.FieldOwner("b"), client.ForceOwnership)
	if err != nil {
		t.Fatalf("forced: %v", err)
	}
	immutable := applied()
	_ = unstructured.SetNestedField(immutable.Object, "mysql", "spec", "engine")
	err = c.Apply(ctx, client.ApplyConfigurationFromUnstructured(immutable), client.FieldOwner("a"), client.ForceOwnership)
	want := `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}

func TestApplyNeedsAFieldManager(t *testing.T) {
	c, _ := newDatabases(t)
	err := c.Apply(context.Background(), client.ApplyConfigurationFromUnstructured(applied()))
	want := `PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("err = %v\nwant %s", err, want)
	}
}
