package engine

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

const floodSchema = `{type: object, properties: {spec: {type: object, properties: {
  labels: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: Immutable}}}}}}`

// flood is an update of a Foo that changes n immutable map values: n
// errors.
func flood(n int, value string) map[string]any {
	labels := make(map[string]any, n)
	for i := range n {
		labels[fmt.Sprintf("key-%06d", i)] = value
	}
	return map[string]any{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": map[string]any{"name": "a", "namespace": "ns"},
		"spec": map[string]any{"labels": labels}}
}

var fooKind = schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Foo"}

// BenchmarkErrorFlood: an update with n errors checked and answered as
// kube-apiserver's Status.
func BenchmarkErrorFlood(b *testing.B) {
	v := compileSchema(b, floodSchema)
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			old, obj := flood(n, "a"), flood(n, "b")
			b.ReportAllocs()
			for b.Loop() {
				res, err := v.Validate(context.Background(), Request{Operation: Update, Object: obj, OldObject: old, OldObjectDisposable: false})
				if err != nil || len(res.Errors) != n {
					b.Fatalf("%v: %d errors, want %d: %v", err, len(res.Errors), n, res.Errors[:1])
				}
				_ = res.Err(fooKind, "a").Status()
			}
		})
	}
}
