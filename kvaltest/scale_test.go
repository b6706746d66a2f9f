package kvaltest_test

import (
	"context"
	"strings"
	"testing"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// pool is a Pool of namespace shop with spec.replicas (none when negative).
func pool(name string, replicas int64) *unstructured.Unstructured {
	spec := map[string]any{}
	if replicas >= 0 {
		spec["replicas"] = replicas
	}
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "test.kval.dev/v1", "kind": "Pool",
		"metadata": map[string]any{"name": name, "namespace": "shop"},
		"spec":     spec,
	}}
}

// newPool returns a client of testdata/pools.yaml with a Pool of 2
// replicas whose status reports 2 ready behind selector app=web.
func newPool(t *testing.T) (client.Client, *unstructured.Unstructured) {
	t.Helper()
	c := kvaltest.NewClient(t, kvaltest.CRDs("testdata/pools.yaml"), nil)
	p := pool("web", 2)
	mustCreate(t, c, p)
	_ = unstructured.SetNestedField(p.Object, int64(2), "status", "replicas")
	_ = unstructured.SetNestedField(p.Object, "app=web", "status", "selector")
	if err := c.Status().Update(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	return c, p
}

func TestScaleGetReadsTheCRDsPaths(t *testing.T) {
	c, p := newPool(t)
	scale := mustGetScale(t, c, p)
	if scale.Spec.Replicas != 2 || scale.Status.Replicas != 2 || scale.Status.Selector != "app=web" ||
		scale.Name != "web" || scale.Namespace != "shop" || scale.UID != p.GetUID() || scale.ResourceVersion != p.GetResourceVersion() {
		t.Errorf("scale %+v", scale)
	}
	empty := pool("empty", -1)
	mustCreate(t, c, empty)
	err := c.SubResource("scale").Get(context.Background(), empty, &autoscalingv1.Scale{})
	if !apierrors.IsInternalError(err) || !strings.Contains(err.Error(), `the spec replicas field ".spec.replicas" does not exist`) {
		t.Errorf("scale of a Pool without replicas: %v", err)
	}
}

// TestScaleWritesUpdateTheObject: an update or patch of the scale sets
// spec.replicas, validated as an update of the Pool (its CEL rule too),
// with a new generation and the manager's ownership of the replicas
// recorded on the Pool for the scale subresource.
func TestScaleWritesUpdateTheObject(t *testing.T) {
	c, p := newPool(t)
	ctx := context.Background()
	scale := mustGetScale(t, c, p)
	scale.Spec.Replicas = 4
	if err := c.SubResource("scale").Update(ctx, p, client.WithSubResourceBody(scale), client.FieldOwner("autoscaler")); err != nil {
		t.Fatal(err)
	}
	mustGet(t, c, p)
	if nested(p, "spec", "replicas") != int64(4) || p.GetGeneration() != 2 || scale.Spec.Replicas != 4 || scale.ResourceVersion != p.GetResourceVersion() {
		t.Errorf("after the scale update: spec.replicas %v, generation %d, scale %+v", nested(p, "spec", "replicas"), p.GetGeneration(), scale)
	}
	if !ownsReplicasThroughScale(p, "autoscaler") {
		t.Errorf("managed fields %+v: want autoscaler owning spec.replicas through scale", p.GetManagedFields())
	}

	patch := client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":3}}`))
	if err := c.SubResource("scale").Patch(ctx, p, patch, client.WithSubResourceBody(&autoscalingv1.Scale{})); err != nil {
		t.Fatal(err)
	}
	if mustGet(t, c, p); nested(p, "spec", "replicas") != int64(3) {
		t.Errorf("after a merge patch of the scale: spec.replicas %v", nested(p, "spec", "replicas"))
	}

	scale.Spec.Replicas = 7
	scale.ResourceVersion = ""
	err := c.SubResource("scale").Update(ctx, p, client.WithSubResourceBody(scale))
	want := `Pool.test.kval.dev "web" is invalid: spec: Invalid value: a pool has at most 5 replicas`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Errorf("scale to 7: %v\nwant %s", err, want)
	}
}

func TestScaleWithAStaleResourceVersionConflicts(t *testing.T) {
	c, p := newPool(t)
	ctx := context.Background()
	scale := mustGetScale(t, c, p)
	p.SetLabels(map[string]string{"moved": "on"})
	if err := c.Update(ctx, p); err != nil {
		t.Fatal(err)
	}
	scale.Spec.Replicas = 3
	if err := c.SubResource("scale").Update(ctx, p, client.WithSubResourceBody(scale)); !apierrors.IsConflict(err) {
		t.Errorf("stale scale: %v, want Conflict", err)
	}
	if err := c.SubResource("scale").Create(ctx, p, scale); !apierrors.IsMethodNotSupported(err) {
		t.Errorf("scale create: %v, want MethodNotSupported", err)
	}
}

func ownsReplicasThroughScale(u *unstructured.Unstructured, manager string) bool {
	for _, e := range u.GetManagedFields() {
		if e.Manager == manager && e.Subresource == "scale" && e.FieldsV1 != nil && strings.Contains(string(e.FieldsV1.Raw), `"f:replicas"`) {
			return true
		}
	}
	return false
}

// TestScaleApplyTakesOwnershipOfTheReplicas: server-side apply of a Scale
// sets the replicas and records the applier's ownership on the object.
func TestScaleApplyTakesOwnershipOfTheReplicas(t *testing.T) {
	c, p := newPool(t)
	applied := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "autoscaling/v1", "kind": "Scale",
		"metadata": map[string]any{"name": "web", "namespace": "shop"},
		"spec":     map[string]any{"replicas": int64(5)},
	}}
	err := c.SubResource("scale").Patch(context.Background(), p, client.Apply, client.WithSubResourceBody(applied), client.FieldOwner("hpa"), client.ForceOwnership)
	if err != nil {
		t.Fatal(err)
	}
	if mustGet(t, c, p); nested(p, "spec", "replicas") != int64(5) || nested(applied, "spec", "replicas") != int64(5) {
		t.Errorf("after apply: spec.replicas %v, scale %v", nested(p, "spec", "replicas"), applied.Object)
	}
	for _, e := range p.GetManagedFields() {
		if e.Manager == "hpa" && (e.Operation != "Apply" || e.Subresource != "scale") {
			t.Errorf("hpa's entry %+v: want Apply through scale", e)
		}
	}
	if !ownsReplicasThroughScale(p, "hpa") {
		t.Errorf("managed fields %+v: want hpa owning spec.replicas", p.GetManagedFields())
	}
}

// TestScaleApplyConfiguration: SubResource("scale").Apply with the Scale
// as SubResourceBody applies it to the object's scale, in conflict with the
// creator's ownership of the replicas unless forced.
func TestScaleApplyConfiguration(t *testing.T) {
	c, p := newPool(t)
	target := client.ApplyConfigurationFromUnstructured(pool("web", -1))
	body := client.ApplyConfigurationFromUnstructured(&unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "autoscaling/v1", "kind": "Scale",
		"metadata": map[string]any{"name": "web", "namespace": "shop"},
		"spec":     map[string]any{"replicas": int64(1)},
	}})
	opts := &client.SubResourceApplyOptions{SubResourceBody: body}
	err := c.SubResource("scale").Apply(context.Background(), target, opts, client.FieldOwner("hpa"))
	if !apierrors.IsConflict(err) || !strings.Contains(err.Error(), `conflict with "kvaltest" using autoscaling/v1: .spec.replicas`) {
		t.Fatalf("apply without force: %v, want a conflict with the creator's replicas", err)
	}
	if err := c.SubResource("scale").Apply(context.Background(), target, opts, client.FieldOwner("hpa"), client.ForceOwnership); err != nil {
		t.Fatal(err)
	}
	if mustGet(t, c, p); nested(p, "spec", "replicas") != int64(1) || !ownsReplicasThroughScale(p, "hpa") {
		t.Errorf("after apply: spec.replicas %v, managed fields %+v", nested(p, "spec", "replicas"), p.GetManagedFields())
	}
}

// mustGetScale reads obj's scale subresource.
func mustGetScale(t *testing.T, c client.Client, obj client.Object) *autoscalingv1.Scale {
	t.Helper()
	scale := &autoscalingv1.Scale{}
	if err := c.SubResource("scale").Get(context.Background(), obj, scale); err != nil {
		t.Fatal(err)
	}
	return scale
}
