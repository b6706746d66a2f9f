package kvaltest_test

import (
	"context"
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestListPaginatesAsKubeAPIServer: Limit cuts a list into pages in key
// order; each page but the last has a continue token and, without
// selectors, the count of objects after it; continued pages read the
// first page's snapshot (objects created since do not show, the list's
// resourceVersion is the first page's).
func TestListPaginatesAsKubeAPIServer(t *testing.T) {
	c, _ := newDatabases(t)
	for i := range 5 {
		db := database(fmt.Sprintf("db-%d", i))
		db.SetLabels(map[string]string{"even": fmt.Sprint(i%2 == 0)})
		mustCreate(t, c, db)
	}
	first := databaseList()
	if err := c.List(context.Background(), first, client.InNamespace("shop"), client.Limit(2)); err != nil {
		t.Fatal(err)
	}
	if got := names(first); got != "[db-0 db-1]" || first.GetContinue() == "" || first.GetRemainingItemCount() == nil || *first.GetRemainingItemCount() != 3 {
		t.Fatalf("first page %s, continue %q, remaining %v", got, first.GetContinue(), first.GetRemainingItemCount())
	}
	mustCreate(t, c, database("db-9")) // after the snapshot
	second := databaseList()
	if err := c.List(context.Background(), second, client.InNamespace("shop"), client.Limit(10), client.Continue(first.GetContinue())); err != nil {
		t.Fatal(err)
	}
	if got := names(second); got != "[db-2 db-3 db-4]" || second.GetContinue() != "" || second.GetRemainingItemCount() != nil {
		t.Errorf("second page %s, continue %q, remaining %v; want the rest of the snapshot, last", got, second.GetContinue(), second.GetRemainingItemCount())
	}
	if second.GetResourceVersion() != first.GetResourceVersion() {
		t.Errorf("second page at resourceVersion %s, want the first page's %s", second.GetResourceVersion(), first.GetResourceVersion())
	}
	even := databaseList()
	if err := c.List(context.Background(), even, client.InNamespace("shop"), client.Limit(2), client.MatchingLabels{"even": "true"}); err != nil {
		t.Fatal(err)
	}
	if got := names(even); got != "[db-0 db-2]" || even.GetContinue() == "" || even.GetRemainingItemCount() != nil {
		t.Errorf("selected page %s, continue %q, remaining %v; want a token and no count", got, even.GetContinue(), even.GetRemainingItemCount())
	}
	err := c.List(context.Background(), databaseList(), client.InNamespace("shop"), client.Continue("garbage!"))
	if !apierrors.IsBadRequest(err) || err.Error() != "invalid continue token: continue key is not valid: illegal base64 data at input byte 7" {
		t.Errorf("invalid token: %v", err)
	}
}

func names(list *unstructured.UnstructuredList) string {
	var out []string
	for _, u := range list.Items {
		out = append(out, u.GetName())
	}
	return fmt.Sprint(out)
}
