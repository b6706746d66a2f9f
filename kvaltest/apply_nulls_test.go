package kvaltest_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestApplyKeepsNullsForValidation: kube-apiserver's decoder drops a null
// set on a field that is not nullable, but an apply configuration is
// merged, not decoded: the null reaches validation, which refuses it. An
// update sending the same null is accepted, the null dropped.
func TestApplyKeepsNullsForValidation(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	db.Object["spec"].(map[string]any)["labels"] = nil
	err := c.Apply(context.Background(), client.ApplyConfigurationFromUnstructured(db), client.FieldOwner("a"))
	want := `Database.example.kval.dev "orders" is invalid: [spec.labels: Invalid value: "null": spec.labels in body must be of type object: "null", ` +
		`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("apply with labels: null: %v\nwant %s", err, want)
	}
	if err := c.Create(context.Background(), db); err != nil {
		t.Errorf("create with labels: null: %v, want the null dropped", err)
	}
}
