package annotation

import (
	"errors"
	"fmt"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// Key is the annotation on metadata.annotations that holds the extensions
// of a packed CRD.
const Key = "kval.dev/schema-extensions"

// TopLevelSchema is the annotation's key for the schema of a v1beta1 CRD's
// spec.validation.openAPIV3Schema. The schemas of spec.versions are keyed
// by version name, which cannot contain a dot, so the two never collide.
const TopLevelSchema = "spec.validation"

// The extensions Pack moves: kval's own, unknown to kube-apiserver.
const (
	mutabilityKeyword    = "x-kubernetes-mutability"
	keyMutabilityKeyword = "x-kubernetes-key-mutability"
)

// Pack returns a copy of crd with every x-kubernetes-mutability and
// x-kubernetes-key-mutability removed from its schemas and recorded in the
// annotation Key, and how many it moved. A CRD without extensions comes back
// unchanged, annotation or not; a CRD with extensions and the annotation
// already set is an error, since packing would overwrite it.
func Pack(crd map[string]any) (packed map[string]any, moved int, err error) {
	if !schema.IsCRD(crd) {
		return nil, 0, errNotCRD
	}
	packed = jsonvalue.DeepCopyObject(crd)
	found, err := takeAll(packed)
	if err != nil {
		return nil, 0, crdError(crd, err)
	}
	if found.count() == 0 {
		return packed, 0, nil
	}
	if err := setAnnotation(packed, found); err != nil {
		return nil, 0, crdError(crd, err)
	}
	return packed, found.count(), nil
}

// Unpack returns a copy of crd with the extensions of the annotation Key put
// back into its schemas and the annotation removed, and how many it moved
// (all the annotation held, including any already in the schema with the same
// value). A CRD without the annotation comes back unchanged.
func Unpack(crd map[string]any) (unpacked map[string]any, moved int, err error) {
	if !schema.IsCRD(crd) {
		return nil, 0, errNotCRD
	}
	unpacked = jsonvalue.DeepCopyObject(crd)
	raw, ok, err := annotationValue(unpacked)
	if err != nil {
		return nil, 0, crdError(crd, err)
	}
	if !ok {
		return unpacked, 0, nil
	}
	found, err := parseExtensions(raw)
	if err != nil {
		return nil, 0, crdError(crd, fmt.Errorf("annotation %s: %w", Key, err))
	}
	if err := restoreAll(unpacked, found); err != nil {
		return nil, 0, crdError(crd, fmt.Errorf("annotation %s: %w", Key, err))
	}
	removeAnnotation(unpacked)
	return unpacked, found.count(), nil
}

var errNotCRD = fmt.Errorf("not a %s of %s or %s", schema.CRDKind, schema.CRDAPIVersionV1, schema.CRDAPIVersionBeta)

// crdError names the CRD in err.
func crdError(crd map[string]any, err error) error {
	meta, _ := crd["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return fmt.Errorf("%s %q: %w", schema.CRDKind, name, err)
}

// annotationValue returns the annotation Key, and whether it is set.
func annotationValue(crd map[string]any) (string, bool, error) {
	annotations, err := annotationsOf(crd, false)
	if err != nil {
		return "", false, err
	}
	value, ok := annotations[Key]
	if !ok {
		return "", false, nil
	}
	s, isString := value.(string)
	if !isString {
		return "", false, fmt.Errorf("annotation %s: must be a string, not %s", Key, jsonvalue.TypeName(value))
	}
	return s, true, nil
}

// setAnnotation records found in the annotation Key, which must not be set.
func setAnnotation(crd map[string]any, found extensions) error {
	annotations, err := annotationsOf(crd, true)
	if err != nil {
		return err
	}
	if _, exists := annotations[Key]; exists {
		return fmt.Errorf("annotation %s is set and the schemas still hold extensions: "+
			"unpack it first or remove it, packing would overwrite it", Key)
	}
	raw, err := found.encode()
	if err != nil {
		return err
	}
	annotations[Key] = raw
	return nil
}

// removeAnnotation deletes the annotation Key, and metadata.annotations if
// nothing else is left in it: kube-apiserver stores no empty annotations,
// so Pack creates the map when there is none and Unpack drops it again.
func removeAnnotation(crd map[string]any) {
	meta, _ := crd["metadata"].(map[string]any)
	annotations, _ := meta["annotations"].(map[string]any)
	delete(annotations, Key)
	if len(annotations) == 0 {
		delete(meta, "annotations")
	}
}

// annotationsOf returns metadata.annotations; with create, missing maps are
// added. Nil without create when there are none.
func annotationsOf(crd map[string]any, create bool) (map[string]any, error) {
	meta, err := childObject(crd, "metadata", create)
	if err != nil || meta == nil {
		return nil, err
	}
	annotations, err := childObject(meta, "annotations", create)
	if err != nil {
		return nil, fmt.Errorf("metadata.%w", err)
	}
	return annotations, nil
}

// childObject returns the object under key of parent (nil when absent and
// not created); a value of another type is an error.
func childObject(parent map[string]any, key string, create bool) (map[string]any, error) {
	value, ok := parent[key]
	if !ok || value == nil {
		if !create {
			return nil, nil
		}
		child := map[string]any{}
		parent[key] = child
		return child, nil
	}
	child, isObject := value.(map[string]any)
	if !isObject {
		return nil, errors.New(key + ": must be an object, not " + jsonvalue.TypeName(value))
	}
	return child, nil
}
