package mutability

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

const size = 2000 // list items and map keys

const crdTemplate = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: stores.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {plural: stores, singular: store, kind: Store, listKind: StoreList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              region: {type: string TYPICALMUT}
              items:
                type: array
                x-kubernetes-list-type: map
                x-kubernetes-list-map-keys: [id]
                KEYMUT
                items:
                  type: object
                  required: [id]
                  MUT
                  properties:
                    id: {type: string}
                    qty: {type: integer}
                    tags: {type: array, items: {type: string}}
              history:
                type: array
                TYPICALKEYMUT
                items: {type: string TYPICALMUT}
              labels:
                type: object
                KEYMUT
                additionalProperties: {type: string MUT}
              notes: {type: string}
`

// Schema variants: no extensions; a typical use (an immutable field and an
// append-only list of immutable items); every collection with both.
const (
	none    = "without-extensions"
	typical = "typical-extensions"
	all     = "with-extensions"
)

func crd(b testing.TB, variant string) *engine.Validator {
	text := crdTemplate
	on := func(marker, extension string) {
		text = strings.ReplaceAll(text, " "+marker+"}", ", "+extension+"}")
		text = strings.ReplaceAll(text, marker, extension)
	}
	off := func(marker string) {
		text = strings.ReplaceAll(text, " "+marker+"}", "}")
		text = strings.ReplaceAll(text, marker, "")
	}
	switch variant {
	case all:
		on("TYPICALKEYMUT", "x-kubernetes-key-mutability: AddOnly")
		on("TYPICALMUT", "x-kubernetes-mutability: Immutable")
		on("KEYMUT", "x-kubernetes-key-mutability: AddOnly")
		on("MUT", "x-kubernetes-mutability: Immutable")
	case typical:
		on("TYPICALKEYMUT", "x-kubernetes-key-mutability: AddOnly")
		on("TYPICALMUT", "x-kubernetes-mutability: Immutable")
		off("KEYMUT")
		off("MUT")
	default:
		off("TYPICALKEYMUT")
		off("TYPICALMUT")
		off("KEYMUT")
		off("MUT")
	}
	docs, errs := manifest.ReadAll("crd", strings.NewReader(text))
	if len(errs) > 0 {
		b.Fatal(errs)
	}
	c, errList := schema.DecodeCRD(docs[0])
	if len(errList) > 0 {
		b.Fatal(errList)
	}
	v, err := engine.Compile(c, "v1", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return v
}

// objects builds a large stored object and an allowed update of it: one
// item and one map key added, one mutable field changed.
func objects() (old, updated map[string]any) {
	items := make([]any, size)
	history := make([]any, size)
	labels := map[string]any{}
	for i := range size {
		items[i] = map[string]any{"id": fmt.Sprintf("item-%d", i), "qty": int64(i), "tags": []any{"a", "b"}}
		history[i] = fmt.Sprintf("event-%d", i)
		labels[fmt.Sprintf("key-%d", i)] = "value"
	}
	old = map[string]any{
		"apiVersion": "example.com/v1", "kind": "Store",
		"metadata": map[string]any{"name": "big", "resourceVersion": "7"},
		"spec":     map[string]any{"region": "eu", "items": items, "history": history, "labels": labels, "notes": "old"},
	}
	updated = runtime.DeepCopyJSON(old)
	spec := updated["spec"].(map[string]any)
	spec["notes"] = "new"
	spec["items"] = append(spec["items"].([]any), map[string]any{"id": "item-new", "qty": int64(1)})
	spec["history"] = append(spec["history"].([]any), "event-new")
	spec["labels"].(map[string]any)["key-new"] = "value"
	return old, updated
}

// BenchmarkUpdate runs the same update with each schema variant.
func BenchmarkUpdate(b *testing.B) {
	old, updated := objects()
	for _, variant := range []string{none, typical, all} {
		v := crd(b, variant)
		b.Run(variant, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res := update(b, v, old, runtime.DeepCopyJSON(updated))
				if !res.Valid() {
					b.Fatal(res.Errors)
				}
			}
		})
	}
}

// TestTheUpdateIsAllowedAndAViolationIsCaught keeps the benchmark honest: the
// benchmarked update passes, and the extensions do reject a change.
func TestTheUpdateIsAllowedAndAViolationIsCaught(t *testing.T) {
	old, updated := objects()
	v := crd(t, all)
	if res := update(t, v, old, runtime.DeepCopyJSON(updated)); !res.Valid() {
		t.Fatalf("the benchmarked update must be allowed: %v", res.Errors)
	}
	bad := runtime.DeepCopyJSON(updated)
	bad["spec"].(map[string]any)["history"].([]any)[5] = "rewritten"
	res := update(t, v, old, bad)
	if len(res.Errors) != 1 || res.Errors[0].Error() != "spec.history[5]: Forbidden: item is immutable" {
		t.Errorf("want the history rewrite rejected, got %v", res.Errors)
	}
	if res := update(t, crd(t, none), old, bad); !res.Valid() {
		t.Errorf("without the extensions the rewrite is allowed: %v", res.Errors)
	}
}

// update runs an update request through kval.
func update(tb testing.TB, v *engine.Validator, old, obj map[string]any) *engine.Result {
	tb.Helper()
	res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Update, Object: obj, OldObject: old})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}
