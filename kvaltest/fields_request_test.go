package kvaltest_test

import (
	"context"
	"testing"
)

// TestManagedFieldsLostAsKubeAPIServer: kube-apiserver's field manager
// works on the object a create sends, status included, before the
// strategy drops the status; a status that does not fit the schema
// (phase: 5) makes it fail, and the object is stored without
// managedFields; updates do not start them again (the field manager does
// not track an object that has none until an apply).
func TestManagedFieldsLostAsKubeAPIServer(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	db.Object["status"] = map[string]any{"phase": int64(5)}
	mustCreate(t, c, db)
	if mf := db.GetManagedFields(); len(mf) != 0 || db.Object["status"] != nil {
		t.Fatalf("created with managedFields %v and status %v; want neither", mf, db.Object["status"])
	}
	db.SetLabels(map[string]string{"app": "orders"})
	if err := c.Update(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if mf := db.GetManagedFields(); len(mf) != 0 {
		t.Errorf("after an update: managedFields %v, want none still", mf)
	}
}
