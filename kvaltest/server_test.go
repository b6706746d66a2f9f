package kvaltest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"testing"
	"time"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// newServed returns a server of crds, a controller-runtime client that
// talks to it over HTTP, and the server's in-process client.
// databasesGV is the group and version of examples/crd.yaml's Database.
var databasesGV = schema.GroupVersion{Group: "example.kval.dev", Version: "v1"}

func newServed(t *testing.T, crds string) (*kvaltest.Server, client.WithWatch, client.Client) {
	t.Helper()
	srv := kvaltest.NewServer(t, kvaltest.CRDs(crds), nil)
	hc, err := client.NewWithWatch(srv.Config(), client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return srv, hc, srv.Client()
}

// sameError fails the test unless the server answered err as the
// in-process client answered want: the same StatusError, over HTTP.
func sameError(t *testing.T, what string, err, want error) {
	t.Helper()
	got, ok := err.(apierrors.APIStatus)
	wantStatus, wantOK := want.(apierrors.APIStatus)
	if !ok || !wantOK {
		t.Fatalf("%s: over HTTP %v, in process %v: want StatusErrors", what, err, want)
	}
	g, w := got.Status(), wantStatus.Status()
	g.TypeMeta, w.TypeMeta = metav1.TypeMeta{}, metav1.TypeMeta{}
	if g.Code != w.Code || g.Reason != w.Reason || g.Message != w.Message || !equalDetails(g.Details, w.Details) {
		t.Fatalf("%s:\nover HTTP  %d %s %q %+v\nin process %d %s %q %+v", what, g.Code, g.Reason, g.Message, g.Details, w.Code, w.Reason, w.Message, w.Details)
	}
}

func equalDetails(a, b *metav1.StatusDetails) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Name == b.Name && a.Group == b.Group && a.Kind == b.Kind && slices.Equal(a.Causes, b.Causes)
}

func TestServerDiscovery(t *testing.T) {
	srv, _, _ := newServed(t, "testdata/pools.yaml")
	dc := discovery.NewDiscoveryClientForConfigOrDie(srv.Config())
	_, lists, err := dc.ServerGroupsAndResources()
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]metav1.APIResource{}
	for _, l := range lists {
		for _, r := range l.APIResources {
			found[l.GroupVersion+" "+r.Name] = r
		}
	}
	for name, namespaced := range map[string]bool{
		"test.kval.dev/v1 pools": true, "test.kval.dev/v1 pools/status": true, "test.kval.dev/v1 pools/scale": true,
		"v1 configmaps": true, "v1 namespaces": false, "apps/v1 deployments": true, "apps/v1 deployments/status": true,
	} {
		if r, ok := found[name]; !ok || r.Namespaced != namespaced {
			t.Errorf("discovery: %s: %+v, found %v", name, r, ok)
		}
	}
	for _, absent := range []string{"v1 deleteoptions", "v1 scales", "policy/v1 evictions", "v1 bindings"} {
		if _, ok := found[absent]; ok {
			t.Errorf("discovery serves %s, which is no resource", absent)
		}
	}
	if scale := found["test.kval.dev/v1 pools/scale"]; scale.Kind != "Scale" {
		t.Errorf("pools/scale is of kind %q, want Scale", scale.Kind)
	}
}

func TestServerWritesAsTheClient(t *testing.T) {
	srv, hc, c := newServed(t, "../examples/crd.yaml")
	ctx := context.Background()
	a := database("a")
	a.SetLabels(map[string]string{"tier": "gold"})
	if err := hc.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	if a.GetUID() == "" || a.GetResourceVersion() == "" || a.GetGeneration() != 1 {
		t.Fatalf("created: %v", a.Object)
	}
	bad := database("bad")
	_ = unstructured.SetNestedField(bad.Object, "16.x", "spec", "version")
	sameError(t, "invalid create", hc.Create(ctx, bad.DeepCopy()), c.Create(ctx, bad.DeepCopy()))
	sameError(t, "duplicate create", hc.Create(ctx, database("a")), c.Create(ctx, database("a")))
	sameError(t, "get of a missing object", hc.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "nope"}, database("")), c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "nope"}, database("")))

	stale := a.DeepCopy()
	if err := hc.Patch(ctx, a, client.RawPatch(types.MergePatchType, []byte(`{"spec":{"version":"17"}}`))); err != nil || nested(a, "spec", "version") != "17" || a.GetGeneration() != 2 {
		t.Fatalf("merge patch: %v %v", err, a.Object)
	}
	_ = unstructured.SetNestedField(stale.Object, "18", "spec", "version")
	sameError(t, "stale update", hc.Update(ctx, stale.DeepCopy()), c.Update(ctx, stale.DeepCopy()))
	immutable := client.RawPatch(types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/engine","value":"mysql"}]`))
	sameError(t, "immutable JSON patch", hc.Patch(ctx, database("a"), immutable), c.Patch(ctx, database("a"), immutable))
	smp := client.RawPatch(types.StrategicMergePatchType, []byte(`{}`))
	sameError(t, "strategic merge patch of a custom resource", hc.Patch(ctx, database("a"), smp), c.Patch(ctx, database("a"), smp))

	applied := database("a")
	_ = unstructured.SetNestedField(applied.Object, "eu-1", "spec", "primaryZone")
	if err := hc.Patch(ctx, applied, client.Apply, client.FieldOwner("tester"), client.ForceOwnership); err != nil || nested(applied, "spec", "primaryZone") != "eu-1" {
		t.Fatalf("apply: %v %v", err, applied.Object)
	}
	if managers := applied.GetManagedFields(); !slices.ContainsFunc(managers, func(m metav1.ManagedFieldsEntry) bool { return m.Manager == "tester" }) {
		t.Fatalf("apply: managedFields %v", managers)
	}

	_ = unstructured.SetNestedField(applied.Object, "Ready", "status", "phase")
	_ = unstructured.SetNestedField(applied.Object, "postgres", "spec", "engine")
	if err := hc.Status().Update(ctx, applied); err != nil || nested(applied, "status", "phase") != "Ready" {
		t.Fatalf("status update: %v %v", err, applied.Object)
	}

	b := database("b")
	if err := hc.Create(ctx, b, client.DryRunAll); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, hc, database("b"))
	list := databaseList()
	if err := hc.List(ctx, list, client.InNamespace("shop"), client.MatchingLabels{"tier": "gold"}); err != nil || len(list.Items) != 1 || list.Items[0].GetName() != "a" {
		t.Fatalf("list by label: %v %v", err, list.Items)
	}
	if err := hc.List(ctx, list, client.MatchingFields{"metadata.name": "b"}); err != nil || len(list.Items) != 1 || list.Items[0].GetName() != "b" {
		t.Fatalf("list by field: %v %v", err, list.Items)
	}
	unsupported := client.MatchingFields{"spec.engine": "postgres"}
	sameError(t, "list by a field that is not selectable", hc.List(ctx, databaseList(), unsupported), c.List(ctx, databaseList(), unsupported))

	dyn := dynamic.NewForConfigOrDie(srv.Config())
	if err := dyn.Resource(databasesGV.WithResource("databases")).Namespace("shop").Delete(ctx, "a", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	sameError(t, "delete of a deleted object", hc.Delete(ctx, database("a")), c.Delete(ctx, database("a")))
	if err := hc.DeleteAllOf(ctx, database(""), client.InNamespace("shop")); err != nil {
		t.Fatal(err)
	}
	if err := c.List(ctx, list); err != nil || len(list.Items) != 0 {
		t.Fatalf("after DeleteAllOf: %v %d left", err, len(list.Items))
	}
}

func TestServerBuiltinKinds(t *testing.T) {
	_, hc, _ := newServed(t, "../examples/crd.yaml")
	ctx := context.Background()
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "cfg", Namespace: "shop"}, Data: map[string]string{"a": "1"}}
	if err := hc.Create(ctx, cm); err != nil {
		t.Fatal(err)
	}
	patch := client.RawPatch(types.StrategicMergePatchType, []byte(`{"data":{"b":"2"}}`))
	if err := hc.Patch(ctx, cm, patch); err != nil || cm.Data["a"] != "1" || cm.Data["b"] != "2" {
		t.Fatalf("strategic merge patch: %v %v", err, cm.Data)
	}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "shop"}}
	if err := hc.Create(ctx, ns); err != nil || ns.Namespace != "" {
		t.Fatalf("cluster-scoped create: %v %+v", err, ns.ObjectMeta)
	}
}

func TestServerScale(t *testing.T) {
	_, hc, c := newServed(t, "testdata/pools.yaml")
	ctx := context.Background()
	p := pool("web", 2)
	mustCreate(t, c, p)
	scale := &unstructured.Unstructured{}
	scale.SetGroupVersionKind(autoscalingv1.SchemeGroupVersion.WithKind("Scale"))
	if err := hc.SubResource("scale").Get(ctx, p, scale); err != nil || nested(scale, "spec", "replicas") != int64(2) {
		t.Fatalf("get scale: %v %v", err, scale.Object)
	}
	_ = unstructured.SetNestedField(scale.Object, int64(5), "spec", "replicas")
	if err := hc.SubResource("scale").Update(ctx, p, client.WithSubResourceBody(scale)); err != nil || nested(scale, "spec", "replicas") != int64(5) {
		t.Fatalf("update scale: %v %v", err, scale.Object)
	}
	patch := client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":4}}`))
	if err := hc.SubResource("scale").Patch(ctx, p, patch, client.WithSubResourceBody(scale)); err != nil || nested(scale, "spec", "replicas") != int64(4) {
		t.Fatalf("patch scale: %v %v", err, scale.Object)
	}
	tooMany := client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":7}}`))
	sameError(t, "a scale the pool's rules refuse",
		hc.SubResource("scale").Patch(ctx, p, tooMany, client.WithSubResourceBody(scale.DeepCopy())),
		c.SubResource("scale").Patch(ctx, p, tooMany, client.WithSubResourceBody(&autoscalingv1.Scale{})))
	if err := c.Get(ctx, client.ObjectKeyFromObject(p), p); err != nil || nested(p, "spec", "replicas") != int64(4) {
		t.Fatalf("the pool after scaling: %v %v", err, p.Object)
	}
}

// nextEvent reads an event of w, or fails the test after a second.
func nextEvent(t *testing.T, w watch.Interface) (watch.EventType, *unstructured.Unstructured) {
	t.Helper()
	select {
	case e, ok := <-w.ResultChan():
		if !ok {
			t.Fatal("the watch ended")
		}
		u, _ := e.Object.(*unstructured.Unstructured)
		if u == nil {
			t.Fatalf("%s event of %T: %v", e.Type, e.Object, e.Object)
		}
		return e.Type, u
	case <-time.After(time.Second):
		t.Fatal("no watch event in a second")
	}
	return "", nil
}

func TestServerWatchFromAResourceVersion(t *testing.T) {
	_, hc, c := newServed(t, "../examples/crd.yaml")
	ctx := context.Background()
	mustCreate(t, c, database("before"))
	list := databaseList()
	if err := hc.List(ctx, list); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, c, database("between")) // after the list, before the watch: not missed
	w, err := hc.Watch(ctx, databaseList(), &client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: list.GetResourceVersion()}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if event, obj := nextEvent(t, w); event != watch.Added || obj.GetName() != "between" {
		t.Fatalf("first event %s %s, want ADDED between", event, obj.GetName())
	}
	u := database("between")
	_ = c.Get(ctx, client.ObjectKeyFromObject(u), u)
	_ = unstructured.SetNestedField(u.Object, "17", "spec", "version")
	if err := c.Update(ctx, u); err != nil {
		t.Fatal(err)
	}
	if event, obj := nextEvent(t, w); event != watch.Modified || nested(obj, "spec", "version") != "17" || obj.GetResourceVersion() != u.GetResourceVersion() {
		t.Fatalf("event %s %v, want MODIFIED at %s", event, obj.Object, u.GetResourceVersion())
	}
	if err := c.Delete(ctx, database("before")); err != nil {
		t.Fatal(err)
	}
	if event, obj := nextEvent(t, w); event != watch.Deleted || obj.GetName() != "before" {
		t.Fatalf("event %s %s, want DELETED before", event, obj.GetName())
	}
}

func TestServerWatchSendsInitialEvents(t *testing.T) {
	srv, _, c := newServed(t, "../examples/crd.yaml")
	mustCreate(t, c, database("a"))
	dyn := dynamic.NewForConfigOrDie(srv.Config())
	gvr := databasesGV.WithResource("databases")
	w, err := dyn.Resource(gvr).Namespace("shop").Watch(context.Background(), metav1.ListOptions{
		SendInitialEvents: ptr.To(true), ResourceVersionMatch: metav1.ResourceVersionMatchNotOlderThan, AllowWatchBookmarks: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if event, obj := nextEvent(t, w); event != watch.Added || obj.GetName() != "a" {
		t.Fatalf("first event %s %s, want ADDED a", event, obj.GetName())
	}
	if event, obj := nextEvent(t, w); event != watch.Bookmark || obj.GetAnnotations()[metav1.InitialEventsAnnotationKey] != "true" {
		t.Fatalf("second event %s %v, want the BOOKMARK that ends the initial events", event, obj.Object)
	}
}

func TestServerWatchWithASelector(t *testing.T) {
	_, hc, c := newServed(t, "../examples/crd.yaml")
	ctx := context.Background()
	gold := database("a")
	gold.SetLabels(map[string]string{"tier": "gold"})
	mustCreate(t, c, gold)
	mustCreate(t, c, database("b"))
	w, err := hc.Watch(ctx, databaseList(), client.InNamespace("shop"), client.MatchingLabels{"tier": "gold"})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if event, obj := nextEvent(t, w); event != watch.Added || obj.GetName() != "a" {
		t.Fatalf("first event %s %s, want ADDED a (b does not match)", event, obj.GetName())
	}
	demote := client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"tier":"silver"}}}`))
	if err := c.Patch(ctx, database("a"), demote); err != nil {
		t.Fatal(err)
	}
	if event, obj := nextEvent(t, w); event != watch.Deleted || obj.GetName() != "a" {
		t.Fatalf("event %s %s, want DELETED a: it stopped matching", event, obj.GetName())
	}
}

func TestServerDeletes(t *testing.T) {
	srv, hc, c := newServed(t, "../examples/crd.yaml")
	ctx := context.Background()
	kept := database("kept")
	kept.SetFinalizers([]string{"example.kval.dev/cleanup"})
	mustCreate(t, c, kept)
	stale := client.Preconditions{UID: ptr.To(types.UID("another"))}
	sameError(t, "delete with a precondition on another uid", hc.Delete(ctx, database("kept"), stale), c.Delete(ctx, database("kept"), stale))
	if err := hc.Delete(ctx, database("kept")); err != nil {
		t.Fatal(err)
	}
	if err := c.Get(ctx, client.ObjectKeyFromObject(kept), kept); err != nil || kept.GetDeletionTimestamp() == nil {
		t.Fatalf("a Database with a finalizer after delete: %v %v", err, kept.Object)
	}
	gone := database("gone")
	mustCreate(t, c, gone)
	req, _ := http.NewRequest(http.MethodDelete, srv.URL()+"/apis/example.kval.dev/v1/namespaces/shop/databases/gone", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var status metav1.Status
	want := &metav1.StatusDetails{Name: "gone", Group: "example.kval.dev", Kind: "databases", UID: gone.GetUID()}
	if err := json.NewDecoder(resp.Body).Decode(&status); err != nil || status.Status != metav1.StatusSuccess || !reflect.DeepEqual(status.Details, want) {
		t.Fatalf("the answer to a delete: %v %+v %+v", err, status, status.Details)
	}
	sameError(t, "delete of all Databases across namespaces", hc.DeleteAllOf(ctx, database("")), c.DeleteAllOf(ctx, database("")))
}

func TestServerGetsTheStatus(t *testing.T) {
	srv, _, c := newServed(t, "../examples/crd.yaml")
	mustCreate(t, c, database("a"))
	dyn := dynamic.NewForConfigOrDie(srv.Config())
	gvr := databasesGV.WithResource("databases")
	got, err := dyn.Resource(gvr).Namespace("shop").Get(context.Background(), "a", metav1.GetOptions{}, "status")
	if err != nil || got.GetName() != "a" || got.GetKind() != "Database" {
		t.Fatalf("get of the status: %v %v", err, got)
	}
}

func TestServerUnknownResource(t *testing.T) {
	srv, _, _ := newServed(t, "../examples/crd.yaml")
	dyn := dynamic.NewForConfigOrDie(srv.Config())
	gvr := databasesGV.WithResource("tables")
	if _, err := dyn.Resource(gvr).Namespace("shop").Get(context.Background(), "x", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("get of a resource nobody serves: %v, want NotFound", err)
	}
}

func TestServerRefusesABodyOfAnotherKind(t *testing.T) {
	srv, _, _ := newServed(t, "../examples/crd.yaml")
	dyn := dynamic.NewForConfigOrDie(srv.Config())
	gvr := databasesGV.WithResource("databases")
	cm := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "x"}}}
	_, err := dyn.Resource(gvr).Namespace("shop").Create(context.Background(), cm, metav1.CreateOptions{})
	if !apierrors.IsBadRequest(err) || err.Error() != "the API version in the data (v1) does not match the expected API version (example.kval.dev/v1)" {
		t.Fatalf("a ConfigMap posted as a Database: %v", err)
	}
}

func TestServerSendsWarningHeaders(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("../examples/crd.yaml"), nil)
	cfg := srv.Config()
	rec := &recorder{}
	cfg.WarningHandler = rec
	hc, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db := database("orders")
	_ = unstructured.SetNestedField(db.Object, "gold", "spec", "tier")
	db.SetFinalizers([]string{"cleanup"})
	mustCreate(t, hc, db)
	want := []string{
		`unknown field "spec.tier"`,
		`metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
	}
	if !slices.Equal(rec.warnings, want) {
		t.Errorf("warnings over HTTP %q, want %q", rec.warnings, want)
	}
}
