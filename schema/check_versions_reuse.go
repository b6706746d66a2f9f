package schema

import (
	"reflect"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// passedVersions are the versions of a CRD whose checks found nothing,
// with the context they were checked in. CRDs serve older versions with
// the schema of the newest, often with other descriptions (the Gateway
// API's Gateway and GatewayClass: only the root's differs), and checking
// a schema of hundreds of rules is most of a CRD's verdict. A version's
// checks (checkVersion) read only the version and its context, and read
// descriptions only under allOf, anyOf, oneOf and not (checkNested) and
// in the root's metadata (checkMetadataSchema), so a version equal to
// one that passed but for its name, served, storage and the other
// descriptions passes too (TestStructuralDescriptionsChangeNoFinding in
// package lint holds that up on every CRD of the test data). One with
// findings is never reused: their paths name its index.
type passedVersions struct {
	reuse    bool
	versions []passedVersion
}

type passedVersion struct {
	version *Version
	ctx     validationContext
}

// record keeps v when its checks (in ctx) found nothing.
func (p *passedVersions) record(v *Version, ctx validationContext, found field.ErrorList) {
	if p.reuse && len(found) == 0 {
		p.versions = append(p.versions, passedVersion{v, ctx})
	}
}

// repeats reports whether v, to be checked in ctx, repeats a version that passed.
func (p *passedVersions) repeats(v *Version, ctx validationContext) bool {
	for _, passed := range p.versions {
		if sameContext(passed.ctx, ctx) && sameChecks(passed.version, v) {
			return true
		}
	}
	return false
}

// sameContext compares two contexts but for the version's name, which
// only an update's checks read (and updates reuse nothing).
func sameContext(a, b validationContext) bool {
	a.version, b.version = "", ""
	return a == b
}

// sameChecks reports whether checkVersion finds the same in two versions:
// they are equal but for name, served, storage and the descriptions no
// check reads (sameSchema).
func sameChecks(a, b *Version) bool {
	x, y := *a, *b
	x.Name, x.Served, x.Storage, x.Schema = "", false, false, nil
	y.Name, y.Served, y.Storage, y.Schema = "", false, false, nil
	if !reflect.DeepEqual(x, y) || (a.Schema == nil) != (b.Schema == nil) {
		return false
	}
	return a.Schema == nil || sameRoot(a.Schema.OpenAPIV3Schema, b.Schema.OpenAPIV3Schema)
}

// sameRoot is sameSchema for roots, whose metadata property must be
// equal, descriptions included.
func sameRoot(a, b *Schema) bool {
	if a == nil || b == nil {
		return a == b
	}
	return reflect.DeepEqual(a.Properties["metadata"], b.Properties["metadata"]) && sameSchema(a, b)
}

// sameSchema compares two schemas but for the descriptions of their
// structural nodes (the root, properties, items, additionalProperties);
// what is under allOf, anyOf, oneOf and not must be equal, descriptions
// included.
func sameSchema(a, b *Schema) bool {
	if a == b || a == nil || b == nil {
		return a == b
	}
	x, y := *a, *b
	x.Description, x.Properties, x.Items, x.AdditionalProperties = "", nil, nil, nil
	y.Description, y.Properties, y.Items, y.AdditionalProperties = "", nil, nil, nil
	if !reflect.DeepEqual(x, y) || len(a.Properties) != len(b.Properties) || (a.Properties == nil) != (b.Properties == nil) {
		return false
	}
	for name, p := range a.Properties {
		if q, ok := b.Properties[name]; !ok || !sameSchema(p, q) {
			return false
		}
	}
	return sameSchema(a.Items, b.Items) && sameAdditional(a.AdditionalProperties, b.AdditionalProperties)
}

// sameAdditional compares additionalProperties as sameSchema does.
func sameAdditional(a, b *SchemaOrBool) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Allows == b.Allows && sameSchema(a.Schema, b.Schema)
}
