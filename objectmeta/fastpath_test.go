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
		[]any{}, []any{"f"}, []any{"f", int64(1)}, "2024-01-02T03:04:05Z", "2024-01-02T03:04:05+01:00",
		"2024-01-02T03:04:05.5Z", "0001-01-01T00:00:00Z", "2024-01-02", int64(-2), 1.5,
		[]any{managedEntry("time", "2024-01-02T03:04:05Z")}, []any{managedEntry("time", "2024-01-02T03:04:05.1Z")},
		[]any{managedEntry("fieldsV1", map[string]any{"f:a": map[string]any{"k:{\"x\":1}": map[string]any{}}})},
		[]any{managedEntry("fieldsV1", map[string]any{"f:a": float64(2)})}, []any{managedEntry("fieldsV1", map[string]any{})},
		[]any{managedEntry("manager", "")}, []any{managedEntry("other", "x")}, []any{map[string]any{}},
		[]any{owner()}, []any{owner("controller", true, "blockOwnerDeletion", false)}, []any{owner("controller", "yes")},
		[]any{owner("uid", nil)}, []any{owner("extra", "x")}, []any{owner(), "x"}}
	keys := []string{"name", "generateName", "namespace", "uid", "resourceVersion", "labels", "annotations",
		"finalizers", "generation", "creationTimestamp", "selfLink", "unknown", "managedFields", "ownerReferences",
		"deletionTimestamp"}
	normalized := 0
	for range 200000 {
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
	if normalized < 3000 {
		t.Fatalf("only %d normalized samples: the test would not catch much", normalized)
	}
}

// managedEntry is a plain ManagedFieldsEntry with key set to value.
func managedEntry(key string, value any) map[string]any {
	entry := map[string]any{"manager": "kubectl", "operation": "Update", "apiVersion": "v1", "time": "2024-01-02T03:04:05Z",
		"fieldsType": "FieldsV1", "fieldsV1": map[string]any{"f:spec": map[string]any{}}, "subresource": "status"}
	entry[key] = value
	return entry
}

// owner is an OwnerReference with the four fields the round trip always
// writes, then the keys and values given in pairs (a nil value deletes).
func owner(pairs ...any) map[string]any {
	ref := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "name": "a", "uid": "u"}
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == nil {
			delete(ref, pairs[i].(string))
			continue
		}
		ref[pairs[i].(string)] = pairs[i+1]
	}
	return ref
}

// TestWhatKubeAPIServerSendsIsNormalized: the metadata of an object as
// kube-apiserver stores and sends it takes the fast path.
func TestWhatKubeAPIServerSendsIsNormalized(t *testing.T) {
	meta := map[string]any{"name": "r", "namespace": "default", "uid": "0f8e", "resourceVersion": "42", "generation": int64(2),
		"creationTimestamp": "2026-11-27T09:00:00Z", "labels": map[string]any{"app": "x"},
		"managedFields":   []any{managedEntry("subresource", "status"), managedEntry("operation", "Apply")},
		"ownerReferences": []any{owner("controller", true, "blockOwnerDeletion", true)}}
	if !IsNormalized(meta) {
		t.Fatalf("not normalized: %v", meta)
	}
}
