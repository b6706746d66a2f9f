package kvaltest

import (
	"encoding/json"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
)

// toMap returns obj as the JSON value the engine works on (integers as
// int64), with its apiVersion and kind set: typed objects leave them empty.
func toMap(obj runtime.Object, gvk schema.GroupVersionKind) (map[string]any, error) {
	var out map[string]any
	if u, ok := obj.(runtime.Unstructured); ok {
		var err error
		if out, err = unstructuredContent(u.UnstructuredContent(), gvk); err != nil {
			return nil, err
		}
	} else {
		raw, err := json.Marshal(obj)
		if err != nil {
			return nil, fmt.Errorf("encoding %s: %w", gvkString(gvk), err)
		}
		if out, err = manifest.DecodeObject(raw); err != nil {
			return nil, fmt.Errorf("encoding %s: %w", gvkString(gvk), err)
		}
	}
	out["apiVersion"], out["kind"] = gvk.GroupVersion().String(), gvk.Kind
	return out, nil
}

// fromMap replaces the content of obj with m, a stored object, as a
// response body decoded into obj would.
func fromMap(m map[string]any, obj runtime.Object) error {
	if u, ok := obj.(runtime.Unstructured); ok {
		u.SetUnstructuredContent(jsonvalue.DeepCopyObject(m))
		return nil
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encoding the stored object: %w", err)
	}
	zeroValue(obj)
	if err := json.Unmarshal(raw, obj); err != nil {
		return fmt.Errorf("decoding the stored object into %T: %w", obj, err)
	}
	return nil
}

// zeroValue resets the struct obj points to, so that fields the stored
// object lacks do not keep the caller's values (json.Unmarshal merges).
func zeroValue(obj any) {
	v := reflect.ValueOf(obj)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v.Elem().Set(reflect.Zero(v.Elem().Type()))
	}
}

// inVersion returns a copy of a stored object as served in version: custom
// resources convert with the None strategy (only apiVersion changes), the
// only one kvaltest serves.
func inVersion(m map[string]any, gv schema.GroupVersion) map[string]any {
	out := jsonvalue.DeepCopyObject(m)
	out["apiVersion"] = gv.String()
	return out
}
