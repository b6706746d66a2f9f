package kvaltest_test

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestClaimAdminAccessReadsTheStoredNamespace: a ResourceClaim asking for
// admin access to devices is refused in a namespace without the
// admin-access label and stored once the namespace has it, as
// kube-apiserver reads the namespace from its storage.
func TestClaimAdminAccessReadsTheStoredNamespace(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "gpus"}}
	mustCreate(t, c, ns)
	claim := func() *unstructured.Unstructured {
		return &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
			"metadata": map[string]any{"name": "monitor", "namespace": "gpus"},
			"spec": map[string]any{"devices": map[string]any{"requests": []any{map[string]any{
				"name": "all", "exactly": map[string]any{"deviceClassName": "example.com-gpu", "allocationMode": "All", "adminAccess": true}}}}},
		}}
	}
	err := c.Create(ctx, claim())
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.devices.requests[0].adminAccess: Forbidden: admin access to devices requires the `resource.kubernetes.io/admin-access: true` label") {
		t.Fatalf("admin access in an unlabelled namespace: %v, want Forbidden", err)
	}
	ns.Labels = map[string]string{"resource.kubernetes.io/admin-access": "true"}
	if err := c.Update(ctx, ns); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, c, claim())
}
