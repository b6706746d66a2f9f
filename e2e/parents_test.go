package e2e

import (
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

// removeSpec is the JSON patch that removes an object's spec, and with it
// the immutable fields in it.
const removeSpec = `[{"op":"remove","path":"/spec"}]`

// TestWebhookDeniesChangingAnImmutableFieldThroughItsParent: kval's
// webhook denies each of the two updates that would change spec.engine by
// way of spec (the root does not require it): a JSON patch removing spec,
// and an update adding spec to an object that has none.
func TestWebhookDeniesChangingAnImmutableFieldThroughItsParent(t *testing.T) {
	t.Parallel()
	h := startKvalWebhook(t, "parents")
	h.createLedger(t, "removed", map[string]any{"engine": "postgres"})
	_, err := h.ledgers.Patch(t.Context(), "removed", types.JSONPatchType, []byte(removeSpec), metav1.PatchOptions{})
	h.checkDenied(t, "removed", err, []string{"spec.engine: Forbidden: field is immutable"})

	bare := h.ledger("added", nil)
	delete(bare.Object, "spec")
	stored, err := h.ledgers.Create(t.Context(), bare, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a Ledger without spec: %v", err)
	}
	stored.Object["spec"] = map[string]any{"engine": "mysql"}
	_, err = h.ledgers.Update(t.Context(), stored, metav1.UpdateOptions{})
	h.checkDenied(t, "added", err, []string{"spec.engine: Forbidden: field is immutable"})
}

// TestLoweredCRDDeniesChangingAnImmutableFieldThroughItsParent: kval
// lower's output for examples/crd.yaml, installed with no webhook, makes
// kube-apiserver deny both updates by itself, with the errors kval's
// engine gives on the CRD with the extensions.
func TestLoweredCRDDeniesChangingAnImmutableFieldThroughItsParent(t *testing.T) {
	c := newLoweredCase(t, example(t, "crd.yaml").Object, "parents.lowered.e2e.kval.dev", "lowered-parents")
	want := `Database.parents.lowered.e2e.kval.dev "%s" is invalid: spec.engine: Forbidden: field is immutable`

	withSpec := c.object("removed", map[string]any{"engine": "postgres", "version": "16"})
	createEventually(t, c.client, withSpec, metav1.CreateOptions{})
	old := c.get(t, "removed")
	_, err := c.client.Patch(t.Context(), "removed", types.JSONPatchType, []byte(removeSpec), metav1.PatchOptions{})
	removed := old.DeepCopy()
	delete(removed.Object, "spec")
	c.checkDenied(t, err, removed, old, want)

	createEventually(t, c.client, c.object("added", nil), metav1.CreateOptions{})
	old = c.get(t, "added")
	added := old.DeepCopy()
	added.Object["spec"] = map[string]any{"engine": "mysql", "version": "8"}
	_, err = c.client.Update(t.Context(), added, metav1.UpdateOptions{})
	c.checkDenied(t, err, added, old, want)
}

// object is an object of the case's kind in its namespace; no spec when
// spec is nil.
func (c *loweredCase) object(name string, spec map[string]any) *unstructured.Unstructured {
	obj := &unstructured.Unstructured{Object: map[string]any{}}
	if spec != nil {
		obj.Object["spec"] = spec
	}
	obj.SetAPIVersion(c.gvr.GroupVersion().String())
	obj.SetKind(c.kind.Kind)
	obj.SetName(name)
	return obj
}

func (c *loweredCase) get(t *testing.T, name string) *unstructured.Unstructured {
	t.Helper()
	obj, err := c.client.Get(t.Context(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// checkDenied checks that kube-apiserver denied the update old -> new with
// the text wantFormat (%s: the name), and that kval's engine on the CRD
// with the extensions gives the same errors.
func (c *loweredCase) checkDenied(t *testing.T, err error, new, old *unstructured.Unstructured, wantFormat string) {
	t.Helper()
	want := fmt.Sprintf(wantFormat, old.GetName())
	if err == nil || !apierrors.IsInvalid(err) || err.Error() != want {
		t.Errorf("kube-apiserver with the lowered rules: %v\nwant %s", err, want)
	}
	res := c.validate(t, c.engine, new, old)
	if got := apierrors.NewInvalid(c.kind, old.GetName(), res.Errors).Error(); got != want {
		t.Errorf("kval's engine: %s\nwant %s", got, want)
	}
}

// TestWebhookRegisteredForTheDefiningVersionDeniesUpdatesThroughAnother:
// a CRD whose v2 lacks v1's extensions (conversion None), with kval's
// webhook registered as deploy/webhook.yaml says, for the version that
// defines them with matchPolicy Equivalent: kube-apiserver converts a
// request through v2 to v1 for the webhook, which denies an immutable
// field's change, and the removal of its parent.
func TestWebhookRegisteredForTheDefiningVersionDeniesUpdatesThroughAnother(t *testing.T) {
	t.Parallel()
	h := startKvalWebhookFor(t, "versions", fromFile, webhookSetup{editCRD: addV2WithoutExtensions, versions: []string{"v1"}})
	h.createLedger(t, "through-v2", map[string]any{"engine": "postgres"})
	v2 := h.client.Resource(h.resource.GroupResource().WithVersion("v2")).Namespace(ledgerNamespace)
	stored, err := v2.Get(t.Context(), "through-v2", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stored.Object["spec"] = map[string]any{"engine": "mysql"}
	_, err = v2.Update(t.Context(), stored, metav1.UpdateOptions{})
	h.checkDenied(t, "through-v2", err, []string{"spec.engine: Forbidden: field is immutable"})
	_, err = v2.Patch(t.Context(), "through-v2", types.JSONPatchType, []byte(removeSpec), metav1.PatchOptions{})
	h.checkDenied(t, "through-v2", err, []string{"spec.engine: Forbidden: field is immutable"})
}

// addV2WithoutExtensions adds a served version v2 to the Ledger CRD: v1's
// schema without kval's extensions (conversion None, v1 stays the storage
// version).
func addV2WithoutExtensions(crd map[string]any) {
	spec := crd["spec"].(map[string]any)
	versions := spec["versions"].([]any)
	v2 := runtime.DeepCopyJSONValue(versions[0]).(map[string]any)
	v2["name"], v2["storage"] = "v2", false
	dropMutability(v2["schema"])
	spec["versions"] = append(versions, v2)
}

// dropMutability removes kval's two extensions from a schema, everywhere.
func dropMutability(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "x-kubernetes-mutability")
		delete(v, "x-kubernetes-key-mutability")
		for _, child := range v {
			dropMutability(child)
		}
	case []any:
		for _, item := range v {
			dropMutability(item)
		}
	}
}

// TestWebhookRegisteredForEveryVersionLetsV2Through is the control of the
// test above: registered for every version ("*"), the webhook gets the
// request through v2 in v2, whose schema lacks the extensions, and allows
// it; kval lint warns about such a CRD.
func TestWebhookRegisteredForEveryVersionLetsV2Through(t *testing.T) {
	t.Parallel()
	h := startKvalWebhookFor(t, "allversions", fromFile, webhookSetup{editCRD: addV2WithoutExtensions})
	h.createLedger(t, "through-v2", map[string]any{"engine": "postgres"})
	v2 := h.client.Resource(h.resource.GroupResource().WithVersion("v2")).Namespace(ledgerNamespace)
	stored, err := v2.Get(t.Context(), "through-v2", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	stored.Object["spec"] = map[string]any{"engine": "mysql"}
	if _, err := v2.Update(t.Context(), stored, metav1.UpdateOptions{}); err != nil {
		t.Errorf("through v2, registered for every version: %v, want allowed", err)
	}
}
