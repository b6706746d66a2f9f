package openapi

import (
	"encoding/json"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/controller/openapi/builder"
	apiextensionsfeatures "k8s.io/apiextensions-apiserver/pkg/features"
	"k8s.io/apimachinery/pkg/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/kube-openapi/pkg/spec3"

	"github.com/kval-dev/kval/conformance/upstream"
)

var v1Scheme = func() *runtime.Scheme {
	s := runtime.NewScheme()
	install.Install(s)
	return s
}()

// upstreamCRD decodes a CRD document as kube-apiserver stores it: decoded,
// defaulted, converted to the internal form and back to v1.
func upstreamCRD(obj map[string]any) (*apiextensionsv1.CustomResourceDefinition, error) {
	data, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	internal, err := upstream.DecodeCRD(data)
	if err != nil {
		return nil, fmt.Errorf("upstream cannot decode: %w", err)
	}
	v1 := &apiextensionsv1.CustomResourceDefinition{}
	if err := v1Scheme.Convert(internal, v1, nil); err != nil {
		return nil, fmt.Errorf("upstream cannot convert to v1: %w", err)
	}
	return v1, nil
}

// upstreamOptions are the options kube-apiserver's openapiv3 controller
// passes: OpenAPI v3, selectable fields when the CustomResourceFieldSelectors
// gate is on (GA and locked on since 1.32).
func upstreamOptions() builder.Options {
	return builder.Options{
		V2:                      false,
		IncludeSelectableFields: utilfeature.DefaultFeatureGate.Enabled(apiextensionsfeatures.CustomResourceFieldSelectors),
	}
}

func upstreamDocument(crd *apiextensionsv1.CustomResourceDefinition, version string) (*spec3.OpenAPI, error) {
	return builder.BuildOpenAPIV3(crd, version, upstreamOptions())
}

// toJSONValue turns a document into plain JSON values for comparison.
func toJSONValue(doc any) (any, error) {
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return v, nil
}
