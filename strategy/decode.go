package strategy

import (
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// decode decodes a manifest of kind gvk into its internal Go type, with
// the defaults of its version applied, as kube-apiserver's decoder does.
// An object it cannot decode is kube-apiserver's 400, in its words. The
// decoder reads the JSON kubectl would send (jsonvalue.Marshal is
// json.Marshal's bytes).
func decode(gvk schema.GroupVersionKind, obj map[string]any) (runtime.Object, error) {
	data, err := jsonvalue.Marshal(obj)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("%s: %v", gvk.Kind, err))
	}
	out, _, err := codecs.UniversalDecoder().Decode(data, &gvk, nil)
	if err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, gvk.Kind, err))
	}
	return out, nil
}

// encode converts an internal object to version gv as unstructured JSON
// values, as kube-apiserver's response holds it.
func encode(obj runtime.Object, gv schema.GroupVersion) (map[string]any, error) {
	versioned, err := scheme.ConvertToVersion(obj, gv)
	if err != nil {
		return nil, fmt.Errorf("converting to %s: %w", gv, err)
	}
	return runtime.DefaultUnstructuredConverter.ToUnstructured(versioned)
}
