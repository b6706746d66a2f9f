package kvaltest

import (
	"encoding/json"
	"fmt"
	"math"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
)

// unstructuredContent is the content of an unstructured object as
// kube-apiserver receives it: client-go sends it as JSON, so a Go int,
// int32, uint8 or float32, a []string or a map[string]string (what the
// fake client accepts too) arrive as JSON numbers, arrays and objects, and
// are decoded as kube-apiserver decodes them (int64 for integers, float64
// otherwise). Content that is already so is only copied.
func unstructuredContent(content map[string]any, gvk schema.GroupVersionKind) (map[string]any, error) {
	if decoded(content) {
		return jsonvalue.DeepCopyObject(content), nil
	}
	raw, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", gvkString(gvk), err)
	}
	out, err := manifest.DecodeObject(raw)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", gvkString(gvk), err)
	}
	return out, nil
}

// decoded reports whether v holds only what decoding JSON gives: maps,
// lists, strings, booleans, nulls, int64 and float64 that are not whole
// (a whole float64 is sent as an integer and decoded as int64).
func decoded(v any) bool {
	switch v := v.(type) {
	case nil, string, bool, int64:
		return true
	case float64:
		return !math.IsNaN(v) && !math.IsInf(v, 0) && v != math.Trunc(v)
	case map[string]any:
		for _, x := range v {
			if !decoded(x) {
				return false
			}
		}
		return true
	case []any:
		for _, x := range v {
			if !decoded(x) {
				return false
			}
		}
		return true
	}
	return false
}
