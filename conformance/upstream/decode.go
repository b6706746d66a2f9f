package upstream

import (
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Decode applies to obj, in place, what kube-apiserver applies to a custom
// resource request body: the steps of unstructuredSchemaCoercer.apply in
// customresource_handler.go (type and object meta, pruning, null pruning,
// embedded object meta) followed by unstructuredDefaulter's defaulting. It
// returns the unknown field paths, as warnings report them.
func Decode(obj map[string]any, s *structuralschema.Structural, prunes bool) ([]string, error) {
	kind, foundKind, err := unstructured.NestedString(obj, "kind")
	if err != nil {
		return nil, err
	}
	apiVersion, foundAPIVersion, err := unstructured.NestedString(obj, "apiVersion")
	if err != nil {
		return nil, err
	}
	meta, foundMeta, unknown, err := schemaobjectmeta.GetObjectMetaWithOptions(obj, schemaobjectmeta.ObjectMetaOptions{ReturnUnknownFieldPaths: true})
	if err != nil {
		return nil, err
	}
	if _, err := schema.ParseGroupVersion(apiVersion); err != nil {
		return nil, err
	}
	if prunes {
		opts := structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true}
		unknown = append(unknown, structuralpruning.PruneWithOptions(obj, s, true, opts)...)
		structuraldefaulting.PruneNonNullableNullsWithoutDefaults(obj, s)
	}
	fieldErr, paths := schemaobjectmeta.CoerceWithOptions(nil, obj, s, false, schemaobjectmeta.CoerceOptions{ReturnUnknownFieldPaths: true})
	if fieldErr != nil {
		return nil, fieldErr
	}
	unknown = append(unknown, paths...)
	u := unstructured.Unstructured{Object: obj}
	if foundKind {
		u.SetKind(kind)
	}
	if foundAPIVersion {
		u.SetAPIVersion(apiVersion)
	}
	if foundMeta {
		if err := schemaobjectmeta.SetObjectMeta(obj, meta); err != nil {
			return nil, err
		}
	}
	structuraldefaulting.Default(obj, s)
	return unknown, nil
}
