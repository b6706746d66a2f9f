package crdvalidation

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/conformance/upstream"
)

// upstreamErrors runs a CRD document through kube-apiserver's create path:
// decode, default, convert, PrepareForCreate, ValidateCustomResourceDefinition.
func upstreamErrors(obj map[string]any) (*apiextensions.CustomResourceDefinition, field.ErrorList, error) {
	data, err := json.Marshal(withoutMutability(obj))
	if err != nil {
		return nil, nil, err
	}
	crd, err := upstream.DecodeCRD(data)
	if err != nil {
		return nil, nil, fmt.Errorf("upstream cannot decode: %w", err)
	}
	prepareForCreate(crd)
	errs, err := validate(crd)
	return crd, errs, err
}

// errUpstreamPanic: upstream panicked on the input (it dereferences missing
// schemas in a few field paths); kval reports an error there instead.
type errUpstreamPanic struct {
	value any
	where string
}

func (e errUpstreamPanic) Error() string {
	return fmt.Sprintf("upstream panicked: %v in %s", e.value, e.where)
}

// panicSite is the innermost upstream function on the stack of a panic.
func panicSite() string {
	for _, line := range strings.Split(string(debug.Stack()), "\n") {
		if strings.HasPrefix(line, "k8s.io/apiextensions-apiserver/") {
			return line
		}
	}
	return "unknown"
}

func validate(crd *apiextensions.CustomResourceDefinition) (errs field.ErrorList, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = errUpstreamPanic{v, panicSite()}
		}
	}()
	return validation.ValidateCustomResourceDefinition(context.Background(), crd), nil
}

// prepareForCreate does what kube-apiserver does to a CRD between decoding
// and validation on create: the strategy's PrepareForCreate (status reset,
// generation, the storage version stored) and BeforeCreate's clearing of
// the metadata a client cannot set on a cluster-scoped object.
func prepareForCreate(crd *apiextensions.CustomResourceDefinition) {
	crd.Status = apiextensions.CustomResourceDefinitionStatus{}
	crd.Generation = 1
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			break
		}
	}
	crd.Namespace = ""
	crd.ManagedFields = nil
	crd.DeletionTimestamp = nil
	crd.DeletionGracePeriodSeconds = nil
}

// withoutMutability returns a copy of a CRD document without kval's
// mutability extensions, which upstream does not know.
func withoutMutability(obj map[string]any) map[string]any {
	out := copyJSON(obj).(map[string]any)
	spec, _ := out["spec"].(map[string]any)
	if validation, ok := spec["validation"].(map[string]any); ok {
		stripSchema(validation["openAPIV3Schema"])
	}
	versions, _ := spec["versions"].([]any)
	for _, v := range versions {
		version, _ := v.(map[string]any)
		if holder, ok := version["schema"].(map[string]any); ok {
			stripSchema(holder["openAPIV3Schema"])
		}
	}
	return out
}

// stripSchema removes the mutability extensions from a schema and every
// schema nested in it, in place; values (default, enum, ...) are left alone.
func stripSchema(node any) {
	s, ok := node.(map[string]any)
	if !ok {
		return
	}
	delete(s, "x-kubernetes-mutability")
	delete(s, "x-kubernetes-key-mutability")
	for _, key := range []string{"items", "additionalProperties", "additionalItems", "not"} {
		stripSchemaOrList(s[key])
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		stripSchemaOrList(s[key])
	}
	for _, key := range []string{"properties", "patternProperties", "definitions", "dependencies"} {
		if m, ok := s[key].(map[string]any); ok {
			for _, child := range m {
				stripSchema(child)
			}
		}
	}
}

func stripSchemaOrList(node any) {
	if list, ok := node.([]any); ok {
		for _, child := range list {
			stripSchema(child)
		}
		return
	}
	stripSchema(node)
}

func copyJSON(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = copyJSON(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = copyJSON(x)
		}
		return out
	}
	return v
}
