package catalog

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// kvPatchPod applies kubectl-validate's schema patch for its tests
// (patches-1.23-api-v1.json: Container's required and ContainerPort's
// protocol) to the containers of a Pod CRD, copying the nodes it changes
// (schemas are shared and immutable).
func kvPatchPod(t *testing.T, crd *schema.CRD) *schema.CRD {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(kubectlValidateDir, "patches-1.23-api-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	var patch struct {
		Components struct {
			Schemas struct {
				Container struct {
					Required []string `json:"required"`
				} `json:"io.k8s.api.core.v1.Container"`
				ContainerPort struct {
					Properties struct {
						Protocol struct {
							Enum []any `json:"enum"`
						} `json:"protocol"`
					} `json:"properties"`
				} `json:"io.k8s.api.core.v1.ContainerPort"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &patch); err != nil {
		t.Fatal(err)
	}
	p := patch.Components.Schemas
	out := *crd
	root := *crd.VersionSchema("v1")
	out.Spec.Versions = []schema.Version{{Name: "v1", Served: true, Storage: true, Schema: &schema.Validation{OpenAPIV3Schema: &root}}}
	spec := copyProperty(&root, "spec")
	containers := copyProperty(spec, "containers")
	container := *containers.Items
	containers.Items = &container
	container.Required = p.Container.Required
	ports := copyProperty(&container, "ports")
	port := *ports.Items
	ports.Items = &port
	protocol := copyProperty(&port, "protocol")
	protocol.Enum = p.ContainerPort.Properties.Protocol.Enum
	return &out
}

// copyProperty replaces a property of s by a copy, in a copy of the
// properties, and returns the copy.
func copyProperty(s *schema.Schema, name string) *schema.Schema {
	props := make(map[string]*schema.Schema, len(s.Properties))
	for k, v := range s.Properties {
		props[k] = v
	}
	p := *props[name]
	props[name] = &p
	s.Properties = props
	return &p
}
