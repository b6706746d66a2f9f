package openapi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// resource is what the document of one CRD version is built from: the
// names, scope, schema, subresources and selectable fields of the version,
// read as kube-apiserver reads its v1 form.
type resource struct {
	group, version       string
	kind, listKind       string
	plural               string
	namespaced           bool
	schema               *schema.Schema // nil when the version has none
	status               bool
	scale                bool
	selectableFieldPaths []string
}

// newResource reads a served version of a CRD.
func newResource(crd *schema.CRD, version string) (*resource, error) {
	if crd == nil {
		return nil, fmt.Errorf("no CustomResourceDefinition")
	}
	v := findVersion(crd, version)
	if v == nil {
		return nil, fmt.Errorf("%s %q has no version %q", schema.CRDKind, crd.Name(), version)
	}
	if !v.Served {
		return nil, fmt.Errorf("version %q of %s %q is not served", version, schema.CRDKind, crd.Name())
	}
	r := &resource{
		group:      crd.Spec.Group,
		version:    version,
		kind:       crd.Spec.Names.Kind,
		listKind:   crd.Spec.Names.ListKind,
		plural:     crd.Spec.Names.Plural,
		namespaced: crd.Namespaced(),
		schema:     crd.VersionSchema(version),
	}
	if sub := crd.VersionSubresources(version); sub != nil {
		r.status, r.scale = sub.Status, sub.Scale != nil
	}
	for _, f := range versionSelectableFields(crd, v) {
		r.selectableFieldPaths = append(r.selectableFieldPaths, strings.TrimPrefix(f.JSONPath, "."))
	}
	if r.kind == "" || r.plural == "" {
		return nil, fmt.Errorf("%s %q has no kind or plural name", schema.CRDKind, crd.Name())
	}
	return r, nil
}

func findVersion(crd *schema.CRD, name string) *schema.Version {
	i := slices.IndexFunc(crd.Spec.Versions, func(v schema.Version) bool { return v.Name == name })
	if i < 0 {
		return nil
	}
	return &crd.Spec.Versions[i]
}

// versionSelectableFields returns the selectable fields of a version: its
// own, or the CRD's top-level ones, where the internal form keeps them when
// every version has the same.
func versionSelectableFields(crd *schema.CRD, v *schema.Version) []schema.SelectableField {
	if len(v.SelectableFields) > 0 {
		return v.SelectableFields
	}
	return crd.Spec.SelectableFields
}

// kindModel and listModel are the component names of the kind and its list:
// the group reversed, as in Java package names ("com.example.v1.Widget").
func (r *resource) kindModel() string { return modelName(r.group, r.version, r.kind) }
func (r *resource) listModel() string { return modelName(r.group, r.version, r.listKind) }

func modelName(group, version, kind string) string {
	parts := strings.Split(group, ".")
	slices.Reverse(parts)
	return strings.Join(parts, ".") + "." + version + "." + kind
}

// componentKey is the key of a model in components.schemas: its name
// escaped as a JSON pointer token, as kube-openapi keys them.
func componentKey(model string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(model)
}

// componentRef is the $ref of a model's component.
func componentRef(model string) string {
	return componentPrefix + componentKey(model)
}

const componentPrefix = "#/components/schemas/"
