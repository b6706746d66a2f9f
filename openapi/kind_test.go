package openapi

import (
	"testing"
)

const typeMetaAndMetadata = `
apiVersion:
  description: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
  type: string
kind:
  description: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
  type: string
metadata:
  description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"
  allOf: [{$ref: "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"}]`

const embeddedTypeMeta = `
apiVersion:
  description: "apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
  type: string
kind:
  description: "kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
  type: string
metadata:
  description: "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata"
  allOf: [{$ref: "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"}]`

func kindSchemaOf(t *testing.T, schemaYAML string) *Schema {
	t.Helper()
	r, err := newResource(namespacedCRD(t, schemaYAML), "v1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.kindSchema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestKindSchemaReplacesTheResourceProperties: the apiserver's apiVersion,
// kind and metadata replace whatever the CRD declares at the root.
func TestKindSchemaReplacesTheResourceProperties(t *testing.T) {
	s := kindSchemaOf(t, `
type: object
properties:
  metadata: {type: object, properties: {name: {type: string, maxLength: 10}}}
  kind: {type: string, enum: [Widget]}
  spec: {type: object}`)
	assertJSON(t, s, `
type: object
properties:
`+indent(typeMetaAndMetadata, "  ")+`
  spec: {type: object}
x-kubernetes-group-version-kind: [{group: shapes.example.com, version: v1, kind: Widget}]`)
}

// TestEmbeddedResourcesGainTypeMetaAndMetadata in properties, items and
// additionalProperties, requiring kind and apiVersion once.
func TestEmbeddedResourcesGainTypeMetaAndMetadata(t *testing.T) {
	s := kindSchemaOf(t, `
type: object
properties:
  template:
    type: object
    x-kubernetes-embedded-resource: true
    required: [spec, apiVersion]
    properties: {spec: {type: object}}
  list:
    type: array
    items: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}
  map:
    type: object
    additionalProperties: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}`)
	embedded := indent(embeddedTypeMeta, "      ")
	assertJSON(t, s.Properties["template"], `
type: object
x-kubernetes-embedded-resource: true
required: [spec, apiVersion, kind]
properties:
  spec: {type: object}
`+indent(embeddedTypeMeta, "  "))
	assertJSON(t, s.Properties["list"], `
type: array
items:
  type: object
  x-kubernetes-embedded-resource: true
  x-kubernetes-preserve-unknown-fields: true
  required: [kind, apiVersion]
  properties:
`+embedded)
	assertJSON(t, s.Properties["map"].AdditionalProperties.Schema.Required, `[kind, apiVersion]`)
}

// TestEmbeddedResourceRequiredDoesNotChangeTheCRD: appending kind and
// apiVersion never writes into the CRD's own required list.
func TestEmbeddedResourceRequiredDoesNotChangeTheCRD(t *testing.T) {
	crd := namespacedCRD(t, `
type: object
properties:
  template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true, required: [a, b]}`)
	src := crd.VersionSchema("v1").Properties["template"]
	src.Required = append(make([]string, 0, 8), src.Required...) // spare capacity an append would reuse
	r, err := newResource(crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.kindSchema(); err != nil {
		t.Fatal(err)
	}
	if got := src.Required[:cap(src.Required)][2]; got != "" {
		t.Errorf("the CRD's required list was written to: %q", got)
	}
}

// TestMutabilityStaysOnReplacedProperties: the CRD's extensions on
// apiVersion and kind are published on the apiserver's replacements.
func TestMutabilityStaysOnReplacedProperties(t *testing.T) {
	s := kindSchemaOf(t, `
type: object
properties:
  apiVersion: {type: string, x-kubernetes-mutability: Immutable}
  template:
    type: object
    x-kubernetes-embedded-resource: true
    x-kubernetes-preserve-unknown-fields: true
    properties:
      kind: {type: string, x-kubernetes-mutability: Immutable}`)
	if got := s.Properties["apiVersion"].Extensions[extMutability]; got != "Immutable" {
		t.Errorf("root apiVersion: %v", got)
	}
	kind := s.Properties["template"].Properties["kind"]
	if got := kind.Extensions[extMutability]; got != "Immutable" || kind.Description != embeddedKindDescription {
		t.Errorf("embedded kind: %v, %q", got, kind.Description)
	}
	if s.Properties["kind"].Extensions != nil {
		t.Errorf("root kind gained extensions: %v", s.Properties["kind"].Extensions)
	}
}

// TestKindWithoutSchemaIsABareObject, as kube-apiserver publishes a
// version without a schema.
func TestKindWithoutSchemaIsABareObject(t *testing.T) {
	crd := namespacedCRD(t, `{type: object}`)
	crd.Spec.Validation, crd.Spec.Versions[0].Schema = nil, nil
	r, err := newResource(crd, "v1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.kindSchema()
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, s, `
type: object
x-kubernetes-group-version-kind: [{group: shapes.example.com, version: v1, kind: Widget}]`)
}

// TestSelectableFieldsArePublishedOnKindAndList without their leading dot,
// per version or from the top level.
func TestSelectableFieldsArePublishedOnKindAndList(t *testing.T) {
	crd := parseCRD(t, `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shapes.example.com}
spec:
  group: shapes.example.com
  scope: Cluster
  names: {plural: widgets, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    selectableFields: [{jsonPath: .spec.color}]
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}}
  - name: v2
    served: true
    storage: false
    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {color: {type: string}}}}}}`)
	for version, want := range map[string]string{"v1": `[{fieldPath: spec.color}]`, "v2": ``} {
		r, err := newResource(crd, version)
		if err != nil {
			t.Fatal(err)
		}
		kind, _ := r.kindSchema()
		list, _ := r.listSchema()
		for _, s := range []*Schema{kind, list} {
			got, ok := s.Extensions[extSelectableFields]
			if want == "" {
				if ok {
					t.Errorf("%s: unexpected selectable fields %v", version, got)
				}
				continue
			}
			assertJSON(t, got, want)
		}
	}
}

func TestListSchema(t *testing.T) {
	r, err := newResource(namespacedCRD(t, `{type: object}`), "v1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.listSchema()
	if err != nil {
		t.Fatal(err)
	}
	assertJSON(t, s, `
description: WidgetList is a list of Widget
type: object
required: [items]
properties:
  apiVersion:
    description: "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources"
    type: string
  kind:
    description: "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
    type: string
  items:
    description: "List of widgets. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md"
    type: array
    items: {$ref: "#/components/schemas/com.example.shapes.v1.Widget"}
  metadata:
    description: "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds"
    allOf: [{$ref: "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta"}]
x-kubernetes-group-version-kind: [{group: shapes.example.com, version: v1, kind: WidgetList}]`)
}
