package objectmeta

import (
	"math/rand"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
)

// TestNormalizedMetadataSurvivesTheRoundTrip checks the fast path against
// the round trip it skips: whenever IsNormalized says yes, decoding into
// ObjectMeta and writing back gives the same metadata and no unknown fields.
func TestNormalizedMetadataSurvivesTheRoundTrip(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	values := []any{"", "x", int64(0), int64(3), nil, true,
		map[string]any{}, map[string]any{"a": "b"}, map[string]any{"a": ""}, map[string]any{"a": int64(1)},
		[]any{}, []any{"f"}, []any{"f", int64(1)}, "2024-01-02T03:04:05Z", "2024-01-02T03:04:05+01:00"}
	keys := []string{"name", "generateName", "namespace", "uid", "resourceVersion", "labels", "annotations",
		"finalizers", "generation", "creationTimestamp", "selfLink", "unknown"}
	normalized := 0
	for range 100000 {
		meta := map[string]any{}
		for i := rnd.Intn(4); i >= 0; i-- {
			meta[keys[rnd.Intn(len(keys))]] = runtime.DeepCopyJSONValue(values[rnd.Intn(len(values))])
		}
		if !IsNormalized(meta) {
			continue
		}
		normalized++
		obj := map[string]any{"metadata": runtime.DeepCopyJSONValue(meta)}
		decoded, _, unknown, err := GetObjectMeta(obj, MetaOptions{ReturnUnknownFieldPaths: true})
		if err != nil || len(unknown) > 0 {
			t.Fatalf("%v: normalized, but the round trip fails: %v %v", meta, err, unknown)
		}
		if err := SetObjectMeta(obj, decoded); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(obj["metadata"], meta) {
			t.Fatalf("%v: normalized, but the round trip gives %v", meta, obj["metadata"])
		}
	}
	if normalized < 1000 {
		t.Fatalf("only %d normalized samples: the test would not catch much", normalized)
	}
}
