package objectmeta

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utiljson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	kjson "sigs.k8s.io/json"
)

// MetaOptions control GetObjectMeta.
type MetaOptions struct {
	// DropMalformedFields keeps the fields of metadata that decode and drops
	// the others, instead of failing.
	DropMalformedFields bool
	// ReturnUnknownFieldPaths reports the paths of fields ObjectMeta does not know.
	ReturnUnknownFieldPaths bool
	// ParentPath is the path of the object holding metadata; nil for the root.
	ParentPath *field.Path
}

// GetObjectMeta decodes obj["metadata"] into ObjectMeta. It returns whether
// metadata was present and, if asked, the paths of unknown fields.
func GetObjectMeta(obj map[string]any, opts MetaOptions) (*metav1.ObjectMeta, bool, []string, error) {
	metadata, found := obj["metadata"]
	if !found {
		return nil, false, nil, nil
	}
	raw, err := utiljson.Marshal(metadata)
	if err != nil {
		return nil, false, nil, err
	}
	meta := &metav1.ObjectMeta{}
	unknown, err := decodeMeta(raw, meta, opts)
	if err == nil {
		return meta, true, unknown, nil
	}
	if !opts.DropMalformedFields {
		return nil, true, nil, err
	}
	fields, ok := metadata.(map[string]any)
	if !ok {
		return nil, false, nil, fmt.Errorf("invalid metadata: expected object, got %T", metadata)
	}
	meta, unknown = decodeFieldByField(fields, opts)
	return meta, true, unknown, nil
}

// decodeMeta unmarshals metadata, strictly when unknown fields are to be reported.
func decodeMeta(raw []byte, meta *metav1.ObjectMeta, opts MetaOptions) ([]string, error) {
	if !opts.ReturnUnknownFieldPaths {
		return nil, utiljson.Unmarshal(raw, meta)
	}
	strict, err := kjson.UnmarshalStrict(raw, meta)
	if err != nil {
		return nil, err
	}
	return unknownPaths(strict, opts.ParentPath), nil
}

func unknownPaths(strict []error, parent *field.Path) []string {
	var paths []string
	prefix := parent.Child("metadata").String()
	for _, e := range strict {
		if fe, ok := e.(kjson.FieldError); ok {
			paths = append(paths, prefix+"."+fe.FieldPath())
		}
	}
	return paths
}

// decodeFieldByField keeps every metadata field that decodes on its own.
func decodeFieldByField(fields map[string]any, opts MetaOptions) (*metav1.ObjectMeta, []string) {
	acc := &metav1.ObjectMeta{}
	var unknown []string
	for k, v := range fields {
		one, err := utiljson.Marshal(map[string]any{k: v})
		if err != nil {
			continue
		}
		if utiljson.Unmarshal(one, &metav1.ObjectMeta{}) != nil {
			continue // malformed: dropped
		}
		if !opts.ReturnUnknownFieldPaths {
			_ = utiljson.Unmarshal(one, acc)
			continue
		}
		strict, _ := kjson.UnmarshalStrict(one, acc)
		unknown = append(unknown, unknownPaths(strict, opts.ParentPath)...)
	}
	return acc, unknown
}

// SetObjectMeta writes meta to obj["metadata"] in unstructured form, or
// removes metadata when meta is nil.
func SetObjectMeta(obj map[string]any, meta *metav1.ObjectMeta) error {
	if meta == nil {
		delete(obj, "metadata")
		return nil
	}
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(meta)
	if err != nil {
		return err
	}
	obj["metadata"] = m
	return nil
}
