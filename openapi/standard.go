package openapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

// Model names of the standard Kubernetes definitions a CRD's document
// references.
const (
	objectMetaModel    = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"
	listMetaModel      = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"
	typeMetaModel      = "io.k8s.apimachinery.pkg.apis.meta.v1.TypeMeta"
	statusModel        = "io.k8s.apimachinery.pkg.apis.meta.v1.Status"
	deleteOptionsModel = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions"
	patchModel         = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch"
	scaleModel         = "io.k8s.api.autoscaling.v1.Scale"
)

// standardJSON holds the standard definitions, generated at development time
// from the Go types of k8s.io/apimachinery and k8s.io/api (see the package
// documentation and conformance/openapi/stdgen). Do not edit it by hand.
//
//go:embed standard_definitions.json
var standardJSON []byte

// standardFile is the layout of standard_definitions.json.
type standardFile struct {
	Generator   string                     `json:"generator"`
	Modules     map[string]string          `json:"modules"`
	Definitions map[string]json.RawMessage `json:"definitions"`
}

var standard = sync.OnceValues(func() (*standardFile, error) {
	var f standardFile
	if err := json.Unmarshal(standardJSON, &f); err != nil {
		return nil, fmt.Errorf("reading the embedded standard definitions: %w", err)
	}
	return &f, nil
})

// standardDefinition returns a fresh copy of the standard definition of a
// model: documents own their schemas, so callers may change them.
func standardDefinition(model string) (*Schema, error) {
	f, err := standard()
	if err != nil {
		return nil, err
	}
	raw, ok := f.Definitions[model]
	if !ok {
		return nil, fmt.Errorf("no standard definition of %s", model)
	}
	s := &Schema{}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("reading the standard definition of %s: %w", model, err)
	}
	return s, nil
}

// typeMetaProperty returns TypeMeta's schema of apiVersion or kind: the
// apiserver publishes it for those properties of every kind and list.
func typeMetaProperty(name string) (*Schema, error) {
	typeMeta, err := standardDefinition(typeMetaModel)
	if err != nil {
		return nil, err
	}
	p, ok := typeMeta.Properties[name]
	if !ok {
		return nil, fmt.Errorf("standard definition of %s has no property %s", typeMetaModel, name)
	}
	return p, nil
}
