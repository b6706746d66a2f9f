package annotation_test

import (
	"reflect"
	"testing"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
)

// FuzzUnpack: Unpack never panics on an annotation, whatever it holds,
// leaves its argument alone, and puts extensions only where Pack takes them
// from: Pack of its result moves as many back.
func FuzzUnpack(f *testing.F) {
	docs, _ := manifest.ReadFile("testdata/tricky.yaml")
	packed, _, err := annotation.Pack(docs[0].Object)
	if err != nil {
		f.Fatal(err)
	}
	meta := packed["metadata"].(map[string]any)
	f.Add(meta["annotations"].(map[string]any)[annotation.Key].(string))
	base := packed // a CRD without extensions in its schemas
	for _, seed := range []string{`{}`, `null`, `{"v1":{"":{}}}`, `{"v1":{"/properties/spec/properties/a~1b~0c":{"x-kubernetes-mutability":null}}}`,
		`{"v1":{"/properties/spec/properties/ports/items/properties/name":{"x-kubernetes-key-mutability":"x"}}}`,
		`{"v2":{"/properties/spec/properties/engine/default/x":{}}}`, `{"v1":{"/~":{}}}`, `{"v1":{"/allOf/-":{}}}`} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		crd := withAnnotation(base, value)
		before := jsonvalue.DeepCopyObject(crd)
		unpacked, moved, err := annotation.Unpack(crd)
		if !reflect.DeepEqual(crd, before) {
			t.Fatal("Unpack changed its argument")
		}
		if err != nil {
			return
		}
		if _, back, err := annotation.Pack(unpacked); err != nil || back != moved {
			t.Fatalf("Unpack moved %d, Pack of the result moved %d: %v", moved, back, err)
		}
	})
}

// withAnnotation is a copy of crd's top level with the annotation set to value.
func withAnnotation(crd map[string]any, value string) map[string]any {
	out := map[string]any{}
	for k, v := range crd {
		out[k] = v
	}
	out["metadata"] = map[string]any{"name": "tricks.example.com", "annotations": map[string]any{annotation.Key: value}}
	return out
}
