package kvaltest_test

import (
	"context"
	"errors"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestCreateWithResourceVersionAsKubeAPIServer: validation comes first (an
// invalid object is 422), a dry run is not refused, a real create is
// storage's unknown 500, and a resourceVersion that is not a number is
// replaced, as etcd3's Create does.
func TestCreateWithResourceVersionAsKubeAPIServer(t *testing.T) {
	c, _ := newDatabases(t)
	withRV := func(rv string, edit func(*unstructured.Unstructured)) *unstructured.Unstructured {
		db := database("orders")
		db.SetResourceVersion(rv)
		if edit != nil {
			edit(db)
		}
		return db
	}
	invalid := func(u *unstructured.Unstructured) {
		_ = unstructured.SetNestedField(u.Object, "oracle", "spec", "engine")
	}
	if err := c.Create(context.Background(), withRV("5", invalid)); !apierrors.IsInvalid(err) {
		t.Errorf("invalid object with a resourceVersion: %v, want Invalid", err)
	}
	dry := withRV("5", nil)
	if err := c.Create(context.Background(), dry, client.DryRunAll); err != nil || dry.GetResourceVersion() != "5" {
		t.Errorf("dry run: %v, resourceVersion %q; want success, as given", err, dry.GetResourceVersion())
	}
	err := c.Create(context.Background(), withRV("5", nil))
	var status apierrors.APIStatus
	if !errors.As(err, &status) || status.Status().Code != 500 || apierrors.ReasonForError(err) != "" ||
		err.Error() != "resourceVersion should not be set on objects to be created" {
		t.Errorf("create: %v, want storage's unknown 500", err)
	}
	named := withRV("abc", nil)
	if err := c.Create(context.Background(), named); err != nil || named.GetResourceVersion() == "abc" {
		t.Errorf("create with resourceVersion abc: %v, resourceVersion %q; want stored with a new one", err, named.GetResourceVersion())
	}
}
