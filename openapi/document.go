package openapi

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// The info of every CRD document kube-apiserver serves.
const (
	openAPIVersion = "3.0.0"
	infoTitle      = "Kubernetes CRD Swagger"
	infoVersion    = "v0.1.0"
)

// BuildVersion builds the document of one served version of a CRD on its
// own, as kube-apiserver builds it before merging the documents of a
// group-version: the kind and list schemas, the routes, and the standard
// definitions they reference. The CRD is read as given; kube-apiserver only
// serves CRDs that pass its checks (lint.CheckCRD).
func BuildVersion(crd *schema.CRD, version string) (*Document, error) {
	r, err := newResource(crd, version)
	if err != nil {
		return nil, err
	}
	kind, err := r.kindSchema()
	if err != nil {
		return nil, fmt.Errorf("%s, version %s: %w", r.kind, version, err)
	}
	list, err := r.listSchema()
	if err != nil {
		return nil, fmt.Errorf("%s, version %s: %w", r.listKind, version, err)
	}
	paths, err := r.paths()
	if err != nil {
		return nil, fmt.Errorf("%s, version %s: %w", r.kind, version, err)
	}
	doc := &Document{
		OpenAPI:    openAPIVersion,
		Info:       Info{Title: infoTitle, Version: infoVersion},
		Paths:      paths,
		Components: Components{Schemas: map[string]*Schema{componentKey(r.kindModel()): kind, componentKey(r.listModel()): list}},
	}
	if err := addStandardDefinitions(doc); err != nil {
		return nil, fmt.Errorf("%s, version %s: %w", r.kind, version, err)
	}
	return doc, nil
}

// addStandardDefinitions adds the standard definitions the document
// references, and those they reference in turn. kube-apiserver declares
// ObjectMeta a dependency of every kind, so its definition is there even
// when nothing refers to it (a version without a schema).
func addStandardDefinitions(doc *Document) error {
	pending := append(documentRefs(doc), objectMetaModel)
	for len(pending) > 0 {
		model := pending[0]
		pending = pending[1:]
		if _, done := doc.Components.Schemas[componentKey(model)]; done {
			continue
		}
		def, err := standardDefinition(model)
		if err != nil {
			return err
		}
		doc.Components.Schemas[componentKey(model)] = def
		pending = append(pending, schemaRefs(def)...)
	}
	return nil
}

// documentRefs lists the models the document's schemas and operations refer to.
func documentRefs(doc *Document) []string {
	var refs []string
	for _, key := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		refs = append(refs, schemaRefs(doc.Components.Schemas[key])...)
	}
	for _, path := range slices.Sorted(maps.Keys(doc.Paths)) {
		for _, op := range doc.Paths[path].operations() {
			refs = append(refs, operationRefs(op)...)
		}
	}
	return refs
}

func (p *PathItem) operations() []*Operation {
	var ops []*Operation
	for _, op := range []*Operation{p.Get, p.Put, p.Post, p.Delete, p.Patch} {
		if op != nil {
			ops = append(ops, op)
		}
	}
	return ops
}

func operationRefs(op *Operation) []string {
	var refs []string
	if op.RequestBody != nil {
		for _, key := range slices.Sorted(maps.Keys(op.RequestBody.Content)) {
			refs = append(refs, schemaRefs(op.RequestBody.Content[key].Schema)...)
		}
	}
	for _, code := range slices.Sorted(maps.Keys(op.Responses)) {
		for _, key := range slices.Sorted(maps.Keys(op.Responses[code].Content)) {
			refs = append(refs, schemaRefs(op.Responses[code].Content[key].Schema)...)
		}
	}
	return refs
}

// schemaRefs lists the models a schema and its subschemas refer to.
func schemaRefs(s *Schema) []string {
	if s == nil {
		return nil
	}
	var refs []string
	if model, ok := strings.CutPrefix(s.Ref, componentPrefix); ok {
		refs = append(refs, unescapeModel(model))
	}
	for _, sub := range s.subschemas() {
		refs = append(refs, schemaRefs(sub)...)
	}
	return refs
}

// subschemas are the schemas directly below s, in a stable order.
func (s *Schema) subschemas() []*Schema {
	subs := []*Schema{s.Items, s.Not}
	subs = append(subs, s.AllOf...)
	subs = append(subs, s.OneOf...)
	subs = append(subs, s.AnyOf...)
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		subs = append(subs, s.Properties[name])
	}
	if s.AdditionalProperties != nil {
		subs = append(subs, s.AdditionalProperties.Schema)
	}
	return subs
}

func unescapeModel(key string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(key)
}
