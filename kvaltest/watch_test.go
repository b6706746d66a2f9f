package kvaltest_test

import (
	"context"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestWatchStreamsMatchingChanges(t *testing.T) {
	c, _ := newDatabases(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	mustCreate(t, c, database("existing"))
	list := databaseList()
	w, err := c.Watch(ctx, list, client.InNamespace("shop"))
	if err != nil {
		t.Fatal(err)
	}
	db := database("orders")
	mustCreate(t, c, db)
	other := database("elsewhere")
	other.SetNamespace("bank")
	mustCreate(t, c, other)
	_ = unstructured.SetNestedField(db.Object, "17", "spec", "version")
	if err := c.Update(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := c.Delete(ctx, db); err != nil {
		t.Fatal(err)
	}
	want := []string{"ADDED existing", "ADDED orders", "MODIFIED orders 17", "DELETED orders 17"}
	for i, w := range receive(t, w, len(want)) {
		if w != want[i] {
			t.Errorf("event %d: %s, want %s", i, w, want[i])
		}
	}
}

// receive reads n events as "TYPE name [spec.version unless 16.2]".
func receive(t *testing.T, w watch.Interface, n int) []string {
	t.Helper()
	var out []string
	for len(out) < n {
		select {
		case e := <-w.ResultChan():
			u := e.Object.(*unstructured.Unstructured)
			s := string(e.Type) + " " + u.GetName()
			if v := nested(u, "spec", "version"); v != "16.2" {
				s += " " + v.(string)
			}
			out = append(out, s)
		case <-time.After(5 * time.Second):
			t.Fatalf("after %v: no more events", out)
		}
	}
	return out
}

// TestWatchWithASelectorSeesObjectsComeAndGo: an update that makes an
// object match is ADDED, one that makes it stop matching is DELETED with
// the object as it last matched, as kube-apiserver's watch cache sends
// them; changes outside the selector are not sent.
func TestWatchWithASelectorSeesObjectsComeAndGo(t *testing.T) {
	c, _ := newDatabases(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	list := databaseList()
	w, err := c.Watch(ctx, list, client.MatchingLabels{"tier": "gold"})
	if err != nil {
		t.Fatal(err)
	}
	db := database("orders")
	db.SetLabels(map[string]string{"tier": "silver"})
	mustCreate(t, c, db)
	for _, step := range []func(){
		func() { db.SetLabels(map[string]string{"tier": "gold"}) },
		func() { _ = unstructured.SetNestedField(db.Object, "17", "spec", "version") },
		func() { db.SetLabels(map[string]string{"tier": "silver"}) },
		func() { _ = unstructured.SetNestedField(db.Object, "18", "spec", "version") },
		func() { db.SetLabels(map[string]string{"tier": "gold"}) },
	} {
		step()
		if err := c.Update(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"ADDED orders", "MODIFIED orders 17", "DELETED orders 17", "ADDED orders 18"}
	got := receive(t, w, len(want))
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("event %d: %s, want %s", i, got[i], want[i])
		}
	}
	select {
	case e := <-w.ResultChan():
		t.Errorf("unexpected event %s", e.Type)
	case <-time.After(50 * time.Millisecond):
	}
}

// TestWatchDeletedEventOfASelectorHasTheOldObjectAtTheNewVersion: the
// DELETED event of an object that stops matching carries its labels from
// before, with the resourceVersion of the update.
func TestWatchDeletedEventOfASelectorHasTheOldObjectAtTheNewVersion(t *testing.T) {
	c, _ := newDatabases(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db := database("orders")
	db.SetLabels(map[string]string{"tier": "gold"})
	mustCreate(t, c, db)
	list := databaseList()
	w, err := c.Watch(ctx, list, client.MatchingLabels{"tier": "gold"})
	if err != nil {
		t.Fatal(err)
	}
	db.SetLabels(nil)
	if err := c.Update(ctx, db); err != nil {
		t.Fatal(err)
	}
	<-w.ResultChan() // ADDED, the initial state
	select {
	case e := <-w.ResultChan():
		u := e.Object.(*unstructured.Unstructured)
		if e.Type != watch.Deleted || u.GetLabels()["tier"] != "gold" || u.GetResourceVersion() != db.GetResourceVersion() {
			t.Errorf("%s with labels %v at %s; want DELETED with tier gold at %s", e.Type, u.GetLabels(), u.GetResourceVersion(), db.GetResourceVersion())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
}
