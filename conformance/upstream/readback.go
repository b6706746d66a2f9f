package upstream

import (
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	structuralpruning "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// storage is the CRD's storage version as kube-apiserver's storage codec
// sees it (crdConversionRESTOptionsGetter in customresource_handler.go).
type storage struct {
	apiVersion string
	structural *structuralschema.Structural
}

// readBack applies to a stored object, in place, what kube-apiserver's
// storage codec does around etcd: convert to the storage version
// (schemaCoercingConverter), decode it (schemaCoercingDecoder, with the
// generation repaired), default it with the storage version's schema
// (unstructuredDefaulter), and convert it to the requested version.
func (p *Pipeline) readBack(obj map[string]any) error {
	u := &unstructured.Unstructured{Object: obj}
	requested := u.GetAPIVersion()
	u.SetAPIVersion(p.storage.apiVersion)
	if err := coerce(obj, p.storage.structural); err != nil {
		return err
	}
	if _, err := Decode(obj, p.storage.structural, true); err != nil {
		return err
	}
	if u.GetGeneration() == 0 {
		u.SetGeneration(1)
	}
	u.SetAPIVersion(requested)
	return coerce(obj, p.structural)
}

// coerce is what a conversion's schema coercion does to an object already
// decoded: prune, drop non-nullable nulls, coerce embedded object meta.
func coerce(obj map[string]any, s *structuralschema.Structural) error {
	structuralpruning.Prune(obj, s, true)
	structuraldefaulting.PruneNonNullableNullsWithoutDefaults(obj, s)
	if err, _ := schemaobjectmeta.CoerceWithOptions(nil, obj, s, false, schemaobjectmeta.CoerceOptions{}); err != nil {
		return err
	}
	return nil
}
