package kvaltest_test

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// TestGoValuesInUnstructuredAreSentAsJSON: Go ints, other integer kinds,
// whole floats, []string and map[string]string in unstructured content
// are what client-go sends as JSON; kvaltest stores them as kube-apiserver
// decodes that JSON (int64, []any, map[string]any), and CEL and value
// validation see them so.
func TestGoValuesInUnstructuredAreSentAsJSON(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	spec := db.Object["spec"].(map[string]any)
	spec["replicas"] = 2 // a Go int
	spec["primaryZone"] = "eu-1"
	spec["migrations"] = []string{"001-init"}
	spec["labels"] = map[string]string{"team": "a"}
	spec["storage"] = map[string]any{"size": "10Gi", "iops": uint16(300)}
	if err := c.Create(context.Background(), db); err != nil {
		t.Fatalf("create with Go values: %v", err)
	}
	got := database("orders")
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(db), got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"replicas": int64(2), "migrations": []any{"001-init"}, "labels": map[string]any{"team": "a"}}
	for k, v := range want {
		if g := got.Object["spec"].(map[string]any)[k]; !reflect.DeepEqual(g, v) {
			t.Errorf("spec.%s = %#v, want %#v", k, g, v)
		}
	}
	spec = got.Object["spec"].(map[string]any)
	spec["replicas"] = float64(0) // whole: sent as 0, below the minimum
	if err := c.Update(context.Background(), got); err == nil || !strings.Contains(err.Error(), "spec.replicas: Invalid value: 0: spec.replicas in body should be greater than or equal to 1") {
		t.Errorf("update with replicas 0.0: %v", err)
	}
	spec["replicas"] = math.NaN() // not JSON: client-go fails to encode it
	if err := c.Update(context.Background(), got); err == nil || !strings.Contains(err.Error(), "unsupported value: NaN") {
		t.Errorf("update with NaN: %v, want an encoding error", err)
	}
}
