package kvaltest_test

import (
	"context"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
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

// TestDeleteAllOfDeletesWhatMatches: DeleteAllOf deletes the objects of
// the kind that match the namespace and selectors, each as a delete (one
// with finalizers is only marked); a dry run deletes nothing.
func TestDeleteAllOfDeletesWhatMatches(t *testing.T) {
	tests := []struct {
		name string
		opts []client.DeleteAllOfOption
		want []string // left, with "(deleting)" for the marked
	}{
		{"namespace and labels", []client.DeleteAllOfOption{client.InNamespace("shop"), client.MatchingLabels{"tier": "gold"}},
			[]string{"bank/orders", "shop/audit (deleting)", "shop/ledger"}},
		{"namespace only", []client.DeleteAllOfOption{client.InNamespace("bank")},
			[]string{"shop/audit", "shop/ledger", "shop/orders"}},
		{"field selector", []client.DeleteAllOfOption{client.InNamespace("shop"), client.MatchingFields{"metadata.name": "ledger"}},
			[]string{"bank/orders", "shop/audit", "shop/orders"}},
		{"dry run", []client.DeleteAllOfOption{client.InNamespace("shop"), client.DryRunAll},
			[]string{"bank/orders", "shop/audit", "shop/ledger", "shop/orders"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newDatabases(t)
			for _, o := range []struct{ ns, name, tier string }{{"shop", "orders", "gold"}, {"shop", "ledger", "silver"}, {"shop", "audit", "gold"}, {"bank", "orders", "gold"}} {
				db := database(o.name)
				db.SetNamespace(o.ns)
				db.SetLabels(map[string]string{"tier": o.tier})
				if o.name == "audit" {
					db.SetFinalizers([]string{"example.kval.dev/backup"})
				}
				mustCreate(t, c, db)
			}
			if err := c.DeleteAllOf(context.Background(), database(""), tt.opts...); err != nil {
				t.Fatal(err)
			}
			if got := left(t, c); !slices.Equal(got, tt.want) {
				t.Errorf("left %v, want %v", got, tt.want)
			}
		})
	}
}

// left lists the Databases as "namespace/name", "(deleting)" when marked.
func left(t *testing.T, c client.Client) []string {
	t.Helper()
	list := databaseList()
	if err := c.List(context.Background(), list); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, item := range list.Items {
		s := item.GetNamespace() + "/" + item.GetName()
		if item.GetDeletionTimestamp() != nil {
			s += " (deleting)"
		}
		out = append(out, s)
	}
	return out
}

// TestDeleteAllOfNeedsANamespace: kube-apiserver serves no collection
// delete across namespaces for a namespaced kind; what it answers (seen on
// v1.36) differs for a custom resource (an unknown path: NotFound) and a
// built-in kind (MethodNotAllowed), and nothing is deleted.
func TestDeleteAllOfNeedsANamespace(t *testing.T) {
	ctx := context.Background()
	c, _ := newDatabases(t)
	mustCreate(t, c, database("orders"))
	err := c.DeleteAllOf(ctx, database(""), client.MatchingLabels{"tier": "gold"})
	if !apierrors.IsNotFound(err) || err.Error() != "the server could not find the requested resource (delete databases.example.kval.dev)" {
		t.Errorf("custom resource: %v", err)
	}
	if err := c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "orders"}, database("")); err != nil {
		t.Errorf("the Database is gone: %v", err)
	}
	err = c.DeleteAllOf(ctx, &corev1.ConfigMap{})
	if !apierrors.IsMethodNotSupported(err) || err.Error() != "the server does not allow this method on the requested resource" {
		t.Errorf("built-in kind: %v", err)
	}
}
