package builtin

import (
	"strings"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// newCRD describes a built-in kind as the CustomResourceDefinition that
// would serve it (one version, no subresources, as kubectl-validate
// validates built-in kinds with apiextensions' custom resource strategy),
// so that the engine validates it as it validates custom resources.
func newCRD(k kindEntry, root *schema.Schema, minor string) *schema.CRD {
	scope := schema.ClusterScoped
	if k.Namespaced {
		scope = schema.NamespaceScoped
	}
	name := k.Resource
	if k.Group != "" {
		name += "." + k.Group
	}
	crd := &schema.CRD{
		Source:     manifest.Source{File: "Kubernetes " + minor + " (built in)", Item: -1},
		APIVersion: schema.CRDAPIVersionV1,
		Spec: schema.CRDSpec{
			Group:   k.Group,
			Version: k.Version,
			Names: schema.Names{
				Plural: k.Resource, Singular: strings.ToLower(k.Kind),
				Kind: k.Kind, ListKind: k.Kind + "List",
			},
			Scope: scope,
			Versions: []schema.Version{{
				Name: k.Version, Served: true, Storage: true,
				Schema: &schema.Validation{OpenAPIV3Schema: resourceRoot(root)},
			}},
		},
		StoredVersions: []string{k.Version},
	}
	crd.Metadata.Name = name
	return crd
}

// resourceRoot is the root schema of a kind as a CRD has it: metadata is
// a bare object, since the engine validates metadata itself, as
// kube-apiserver does for custom resources (the published ObjectMeta
// schema still applies to the metadata of templates below the root).
func resourceRoot(root *schema.Schema) *schema.Schema {
	out := *root
	out.Properties = make(map[string]*schema.Schema, len(root.Properties))
	for name, p := range root.Properties {
		out.Properties[name] = p
	}
	if _, found := out.Properties["metadata"]; found {
		out.Properties["metadata"] = &schema.Schema{Type: "object"}
	}
	return &out
}
