package upstream

import (
	"fmt"
	"os"

	"bytes"
	"io"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	structuraldefaulting "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

var (
	scheme = runtime.NewScheme()
	codecs serializer.CodecFactory
)

func init() {
	install.Install(scheme)
	codecs = serializer.NewCodecFactory(scheme)
}

// DecodeCRD decodes one CRD document (YAML or JSON, v1 or v1beta1), applies
// the defaults of its version and converts it to the internal form, as
// kube-apiserver does before validation.
func DecodeCRD(doc []byte) (*apiextensions.CustomResourceDefinition, error) {
	obj, _, err := codecs.UniversalDeserializer().Decode(doc, nil, nil)
	if err != nil {
		return nil, err
	}
	scheme.Default(obj)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := scheme.Convert(obj, internal, nil); err != nil {
		return nil, err
	}
	return internal, nil
}

// LoadCRDs reads every CRD document of a file; documents of other kinds are skipped.
func LoadCRDs(path string) ([]*apiextensions.CustomResourceDefinition, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var crds []*apiextensions.CustomResourceDefinition
	r := utilyaml.NewYAMLReader(bufioReader(data))
	for {
		doc, err := r.Read()
		if err == io.EOF {
			return crds, nil
		}
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(doc, []byte("kind: CustomResourceDefinition")) {
			continue
		}
		crd, err := DecodeCRD(doc)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		crds = append(crds, crd)
	}
}

// ServedSchema returns the structural schema kube-apiserver serves for a
// version: converted from the CRD, with its defaults pruned as the apiserver
// prunes them when the CRD prunes unknown fields.
func ServedSchema(crd *apiextensions.CustomResourceDefinition, version string) (*structuralschema.Structural, error) {
	props, err := apiextensions.GetSchemaForVersion(crd, version)
	if err != nil {
		return nil, err
	}
	if props == nil || props.OpenAPIV3Schema == nil {
		return nil, nil
	}
	s, err := structuralschema.NewStructural(props.OpenAPIV3Schema)
	if err != nil {
		return nil, err
	}
	if crd.Spec.PreserveUnknownFields == nil || !*crd.Spec.PreserveUnknownFields {
		s = s.DeepCopy()
		if err := structuraldefaulting.PruneDefaults(s); err != nil {
			return nil, err
		}
	}
	return s, nil
}
