package e2e

import (
	"maps"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// object is a template of a sequence's object (namespaced: in the
// sequence's namespace); a nil field is left out.
func object(apiVersion, kind, name string, fields map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: runtime.DeepCopyJSON(fields)}
	if u.Object == nil {
		u.Object = map[string]any{}
	}
	u.SetAPIVersion(apiVersion)
	u.SetKind(kind)
	u.SetNamespace(inSequenceNamespace)
	u.SetName(name)
	return u
}

// databaseObject is a Database of the lowered example CRD.
func databaseObject(name string, spec map[string]any) *unstructured.Unstructured {
	if spec == nil {
		return object(agreeGroup+"/v1", "Database", name, nil)
	}
	return object(agreeGroup+"/v1", "Database", name, map[string]any{"spec": spec})
}

// dbSpec is a valid Database spec with more fields.
func dbSpec(more map[string]any) map[string]any {
	spec := map[string]any{"engine": "postgres", "version": "16.2"}
	maps.Copy(spec, more)
	return spec
}

func gatewayObject(kind, name string, spec map[string]any) *unstructured.Unstructured {
	return object("gateway.networking.k8s.io/v1", kind, name, map[string]any{"spec": spec})
}

// setField returns an edit that sets a field of an object.
func setField(value any, path ...string) func(*unstructured.Unstructured) {
	return func(u *unstructured.Unstructured) {
		if err := unstructured.SetNestedField(u.Object, runtime.DeepCopyJSONValue(value), path...); err != nil {
			panic(err)
		}
	}
}

// unsetField returns an edit that removes a field of an object.
func unsetField(path ...string) func(*unstructured.Unstructured) {
	return func(u *unstructured.Unstructured) { unstructured.RemoveNestedField(u.Object, path...) }
}

// nothing is an edit that changes nothing.
func nothing(*unstructured.Unstructured) {}

// with sets fields of a copy of obj.
func with(obj *unstructured.Unstructured, edits ...func(*unstructured.Unstructured)) *unstructured.Unstructured {
	u := obj.DeepCopy()
	for _, edit := range edits {
		edit(u)
	}
	return u
}
