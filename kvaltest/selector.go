package kvaltest

import (
	"fmt"
	"reflect"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// newSelector returns the filter of a list or watch: its label selector
// and its field selector, whose fields kube-apiserver checks first.
func newSelector(t *target, o *client.ListOptions) (func(map[string]any) bool, error) {
	fieldsOf := t.selectableFields()
	if o.FieldSelector != nil {
		for _, r := range o.FieldSelector.Requirements() {
			if _, ok := fieldsOf(map[string]any{})[r.Field]; !ok {
				return nil, apierrors.NewBadRequest(fmt.Sprintf("field label not supported: %s", r.Field))
			}
		}
	}
	return func(m map[string]any) bool {
		return matches(o.LabelSelector, labels.Set(stringMap(metaOf(m)["labels"]))) &&
			(o.FieldSelector == nil || o.FieldSelector.Matches(fieldsOf(m)))
	}, nil
}

func matches(s labels.Selector, l labels.Set) bool { return s == nil || s.Matches(l) }

// selectableFields returns the fields an object can be selected by:
// metadata.name, metadata.namespace of namespaced kinds, and the CRD's
// selectableFields (kube-apiserver's CustomResourceFieldSelectors, on
// since Kubernetes 1.32), valued as fmt.Sprint prints them.
func (t *target) selectableFields() func(map[string]any) fields.Set {
	var paths []string
	if t.kind.custom() {
		for _, sf := range t.kind.selectableFields(t.gvk.Version) {
			paths = append(paths, strings.TrimPrefix(sf, "."))
		}
	}
	return func(m map[string]any) fields.Set {
		meta := metaOf(m)
		set := fields.Set{"metadata.name": str(meta["name"])}
		if t.kind.namespaced {
			set["metadata.namespace"] = str(meta["namespace"])
		}
		for _, p := range paths {
			set[p] = valueAt(m, p)
		}
		return set
	}
}

// valueAt is the value at a dotted path, printed as kube-apiserver prints
// selectable fields ("" when absent).
func valueAt(m map[string]any, path string) string {
	var v any = m
	for _, part := range strings.Split(path, ".") {
		obj, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = obj[part]
	}
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// stringMap reads labels (a JSON object of strings).
func stringMap(v any) map[string]string {
	obj, _ := v.(map[string]any)
	out := make(map[string]string, len(obj))
	for k, v := range obj {
		out[k] = str(v)
	}
	return out
}

// newOfElem returns a new object of the element type of the slice that
// items (a pointer to a list's Items) holds.
func newOfElem(items any) runtime.Object {
	elem := reflect.TypeOf(items).Elem().Elem()
	if elem.Kind() == reflect.Pointer {
		elem = elem.Elem()
	}
	return reflect.New(elem).Interface().(runtime.Object)
}
