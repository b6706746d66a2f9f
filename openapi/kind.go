package openapi

import (
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/schema"
)

// Extensions kube-apiserver adds to the kind and list schemas.
const (
	extGroupVersionKind = "x-kubernetes-group-version-kind"
	extSelectableFields = "x-kubernetes-selectable-fields"
)

// The descriptions kube-apiserver gives to the properties it sets on
// embedded resources (apiextensions-apiserver's OpenAPI builder writes them
// out; they differ from TypeMeta's).
const (
	embeddedAPIVersionDescription = "apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
	embeddedKindDescription       = "kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
)

// metadataDescription and listMetadataDescription are the descriptions of
// metadata in objects and lists, from apimachinery's PartialObjectMetadata
// documentation, as kube-apiserver takes them.
var (
	metadataDescription     = metav1.PartialObjectMetadata{}.SwaggerDoc()["metadata"]
	listMetadataDescription = metav1.PartialObjectMetadataList{}.SwaggerDoc()["metadata"]
)

// kindSchema is the component of the kind: the version's schema as
// published, with the apiserver's apiVersion, kind and metadata at the root
// and in every embedded resource. A version without a schema is a bare object.
func (r *resource) kindSchema() (*Schema, error) {
	out := &Schema{Type: "object"}
	if r.schema != nil {
		out = convertStructural(r.schema)
		if err := setResourceProperties(out, r.schema); err != nil {
			return nil, err
		}
		if err := addEmbeddedResourceProperties(out, r.schema); err != nil {
			return nil, err
		}
	}
	out.setExtension(extGroupVersionKind, []any{r.gvk(r.kind)})
	r.setSelectableFields(out)
	return out, nil
}

// listSchema is the component of the list kind.
func (r *resource) listSchema() (*Schema, error) {
	apiVersion, err := typeMetaProperty("apiVersion")
	if err != nil {
		return nil, err
	}
	kind, err := typeMetaProperty("kind")
	if err != nil {
		return nil, err
	}
	out := &Schema{
		Description: r.listKind + " is a list of " + r.kind,
		Type:        "object",
		Required:    []string{"items"},
		Properties: map[string]*Schema{
			"apiVersion": apiVersion,
			"kind":       kind,
			"items": {
				Description: "List of " + r.plural + ". More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md",
				Type:        "array",
				Items:       refTo(r.kindModel()),
			},
			"metadata": wrappedRef(listMetaModel, listMetadataDescription),
		},
	}
	out.setExtension(extGroupVersionKind, []any{r.gvk(r.listKind)})
	r.setSelectableFields(out)
	return out, nil
}

func (r *resource) gvk(kind string) map[string]any {
	return map[string]any{"group": r.group, "version": r.version, "kind": kind}
}

// setSelectableFields publishes the version's selectable fields, without
// the leading dot of their JSON paths.
func (r *resource) setSelectableFields(out *Schema) {
	if len(r.selectableFieldPaths) == 0 {
		return
	}
	fields := make([]any, len(r.selectableFieldPaths))
	for i, p := range r.selectableFieldPaths {
		fields[i] = map[string]any{"fieldPath": p}
	}
	out.setExtension(extSelectableFields, fields)
}

// setResourceProperties sets metadata, apiVersion and kind of the root as
// the apiserver publishes them, whatever the CRD declares there.
func setResourceProperties(out *Schema, src *schema.Schema) error {
	apiVersion, err := typeMetaProperty("apiVersion")
	if err != nil {
		return err
	}
	kind, err := typeMetaProperty("kind")
	if err != nil {
		return err
	}
	replaceProperty(out, src, "metadata", wrappedRef(objectMetaModel, metadataDescription))
	replaceProperty(out, src, "apiVersion", apiVersion)
	replaceProperty(out, src, "kind", kind)
	return nil
}

// addEmbeddedResourceProperties walks the structural nodes of a published
// schema (properties, items, additionalProperties; src is the same node in
// the CRD) and gives every embedded resource the apiserver's apiVersion,
// kind and metadata, with kind and apiVersion required.
func addEmbeddedResourceProperties(out *Schema, src *schema.Schema) error {
	if out == nil {
		return nil
	}
	for name, p := range out.Properties {
		if err := addEmbeddedResourceProperties(p, fieldOf(src, name)); err != nil {
			return err
		}
	}
	if err := addEmbeddedResourceProperties(out.Items, itemsOf(src)); err != nil {
		return err
	}
	if out.AdditionalProperties != nil {
		if err := addEmbeddedResourceProperties(out.AdditionalProperties.Schema, src.AdditionalPropertiesSchema()); err != nil {
			return err
		}
	}
	if out.Extensions[extEmbeddedResource] != true {
		return nil
	}
	apiVersion, err := typeMetaProperty("apiVersion")
	if err != nil {
		return err
	}
	kind, err := typeMetaProperty("kind")
	if err != nil {
		return err
	}
	apiVersion.Description, kind.Description = embeddedAPIVersionDescription, embeddedKindDescription
	replaceProperty(out, src, "apiVersion", apiVersion)
	replaceProperty(out, src, "kind", kind)
	replaceProperty(out, src, "metadata", wrappedRef(objectMetaModel, metadataDescription))
	out.Required = requireTypeMeta(out.Required)
	return nil
}

// requireTypeMeta appends kind and apiVersion to required, in that order,
// unless already there. The result never shares the CRD's slice.
func requireTypeMeta(required []string) []string {
	out := slices.Clone(required)
	for _, name := range []string{"kind", "apiVersion"} {
		if !slices.Contains(required, name) {
			out = append(out, name)
		}
	}
	return out
}

// replaceProperty sets a property the apiserver publishes in place of what
// the CRD declares. kval's mutability extensions of the declared property
// stay on it: they are published where the CRD writes them.
func replaceProperty(out *Schema, src *schema.Schema, name string, p *Schema) {
	setMutability(p, fieldOf(src, name))
	out.setProperty(name, p)
}

func fieldOf(s *schema.Schema, name string) *schema.Schema {
	if s == nil {
		return nil
	}
	return s.Properties[name]
}

func itemsOf(s *schema.Schema) *schema.Schema {
	if s == nil {
		return nil
	}
	return s.Items
}
