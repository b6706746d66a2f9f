package cel

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// upstreamProps converts a schema written as YAML to the internal form.
func upstreamProps(t testing.TB, doc string) *apiextensions.JSONSchemaProps {
	t.Helper()
	var v1 apiextensionsv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(doc), &v1); err != nil {
		t.Fatalf("decoding schema: %v", err)
	}
	var internal apiextensions.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		t.Fatalf("converting schema: %v", err)
	}
	return &internal
}
