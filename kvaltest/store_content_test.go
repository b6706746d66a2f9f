package kvaltest_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/kvaltest"
)

// TestFirstUpdateStoresTheDefaultedStatus: a GatewayClass is created
// without status (the strategy drops it) and read back with its status's
// defaults; the first update keeps that status and writes it to etcd, a
// new resourceVersion although the object read back is the same, as
// kube-apiserver does; the next identical update changes nothing.
func TestFirstUpdateStoresTheDefaultedStatus(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../testdata/corpus/gateway-api/crds-standard"), nil)
	class := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "gateway.networking.k8s.io/v1", "kind": "GatewayClass",
		"metadata": map[string]any{"name": "example"},
		"spec":     map[string]any{"controllerName": "example.com/gateway"},
	}}
	mustCreate(t, c, class)
	if class.Object["status"] == nil {
		t.Fatal("created without the status defaults")
	}
	versions := []string{class.GetResourceVersion()}
	for range 2 {
		if err := c.Update(context.Background(), class); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, class.GetResourceVersion())
	}
	if versions[1] == versions[0] || versions[2] != versions[1] {
		t.Errorf("resourceVersions %v: want a new one for the first update only", versions)
	}
}
