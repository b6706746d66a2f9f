package engine

import (
	"context"
	"errors"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/internal/walkstop"
	kvalschema "github.com/kval-dev/kval/schema"
)

const largeListSchema = `{type: object, properties: {spec: {type: object, properties: {
  items: {type: array, items: {type: object, properties: {name: {type: string}, size: {type: integer, default: 1}}}}}}}}`

// largeObject is a valid object of largeListSchema with n items, each with
// an unknown field that decoding prunes.
func largeObject(n int) map[string]any {
	items := make([]any, n)
	for i := range items {
		items[i] = map[string]any{"name": "x", "unknown": int64(i)}
	}
	return map[string]any{"apiVersion": "example.com/v1", "kind": "Foo",
		"metadata": map[string]any{"name": "a"}, "spec": map[string]any{"items": items}}
}

// withUnknown counts the items that still hold their unknown field.
func withUnknown(obj map[string]any) int {
	n := 0
	for _, item := range obj["spec"].(map[string]any)["items"].([]any) {
		if _, ok := item.(map[string]any)["unknown"]; ok {
			n++
		}
	}
	return n
}

func cancelled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// A cancelled request is an error and a failed Result, never an allowed
// one, on create and update, whatever the scope: a frontend that answered
// on its timeout cannot let the request through by reading the Result.
func TestCancelledContextYieldsTheErrorNotAnAllowedResult(t *testing.T) {
	v := compileWith(t, largeListSchema, nil, kvalschema.ClusterScoped)
	for _, req := range []Request{
		{Operation: Create, Object: largeObject(10_000)},
		{Operation: Update, Object: largeObject(10_000), OldObject: largeObject(10_000)},
		{Operation: Update, Object: largeObject(10_000), OldObject: largeObject(10_000), Scope: BeyondKubeAPIServer},
	} {
		if res, err := v.Validate(context.Background(), req); err != nil || !res.Valid() {
			t.Fatalf("%s with a live context: %v, %v; want it valid", req.Operation, res, err)
		}
	}
	for _, req := range []Request{
		{Operation: Create, Object: largeObject(10_000)},
		{Operation: Update, Object: largeObject(10_000), OldObject: largeObject(10_000)},
		{Operation: Update, Object: largeObject(10_000), OldObject: largeObject(10_000), Scope: BeyondKubeAPIServer},
	} {
		res, err := v.Validate(cancelled(), req)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err %v, want context.Canceled", req.Operation, err)
		}
		if res.Valid() || res.Err(schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Foo"}, "a") == nil || res.Object != nil {
			t.Errorf("%s: a cancelled request gave a Result that reads as allowed: %+v", req.Operation, res)
		}
	}
}

// An ended context stops the decoding of a large object at the pruning
// walk's first check of it, and the old object of an update is not
// decoded at all; a live context prunes every item of both.
func TestEndedContextStopsDecoding(t *testing.T) {
	v := compileWith(t, largeListSchema, nil, kvalschema.ClusterScoped)
	const n = 100_000
	obj, old := largeObject(n), largeObject(n)
	validate(t, v, Request{Operation: Update, Object: obj, OldObject: old, OldObjectDisposable: true})
	if withUnknown(obj) != 0 || withUnknown(old) != 0 {
		t.Fatalf("a live context left %d and %d unknown fields, want 0", withUnknown(obj), withUnknown(old))
	}
	obj, old = largeObject(n), largeObject(n)
	if _, err := v.Validate(cancelled(), Request{Operation: Update, Object: obj, OldObject: old, OldObjectDisposable: true}); err == nil {
		t.Fatal("an ended context gave no error")
	}
	if pruned := n - withUnknown(obj); pruned > 2*walkstop.CheckEvery {
		t.Errorf("an ended context still pruned %d items of the object, want at most %d", pruned, 2*walkstop.CheckEvery)
	}
	if pruned := n - withUnknown(old); pruned != 0 {
		t.Errorf("an ended context still pruned %d items of the old object, want none", pruned)
	}
}
