package schema

import (
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// tolerance is what kube-apiserver's ValidateCustomResourceDefinitionUpdate
// lets a CRD keep because the old CRD already had it ("don't tighten
// validation on existing persisted data"), and what else an update changes
// in the checks. The zero value tolerates nothing: a create.
type tolerance struct {
	update bool
	// missingSchemas: a version of the old CRD had no schema.
	missingSchemas bool
	// nonStructural: the old CRD had a schema that is not structural.
	nonStructural bool
	// unprunedDefaults: a default of the old CRD was not pruned (checked by
	// package lint, which owns the checks of defaults).
	node nodeTolerance
	// unrecognizedReviewVersions: the old conversion listed only
	// ConversionReview versions kube-apiserver does not understand.
	unrecognizedReviewVersions bool
	// checkCABundle: the old CRD is established and its CA bundle, if any,
	// is valid; only then is a new CA bundle checked.
	checkCABundle bool
	// tooManySelectable: the versions ("" for the top level) whose selectable
	// fields were over the limit and are unchanged.
	tooManySelectable map[string]bool
	// unchangedSchemas: the versions whose schema is the old one; their
	// rules' per-expression cost limit is not enforced.
	unchangedSchemas map[string]bool
	rules            RuleUpdate
	// mutabilitySites are the mutability extensions of the old CRD, by path
	// below openAPIV3Schema (see mutabilityKey).
	mutabilitySites map[string]bool
}

// nodeTolerance is the part of tolerance the checks of each schema node need.
type nodeTolerance struct {
	// invalidTypes: a schema of the old CRD had a type that is not an OpenAPI v3 type.
	invalidTypes bool
	// nonAtomicSets: a set list of the old CRD had items that are not atomic.
	nonAtomicSets bool
	// invalidMapSetItems: a map or set list of the old CRD had nullable
	// items, or map keys neither required nor defaulted, or nullable.
	invalidMapSetItems bool
}

// newTolerance is what an update from old to c tolerates.
func newTolerance(c, old *CRD) *tolerance {
	return &tolerance{
		update:                     true,
		missingSchemas:             !old.Spec.allVersionsHaveSchemas(),
		nonStructural:              old.Spec.hasSchemaWith(isNonStructural),
		node:                       oldNodeTolerance(&old.Spec),
		unrecognizedReviewVersions: old.Spec.Conversion != nil && !hasRecognizedReviewVersionOrNone(old.Spec.Conversion.ConversionReviewVersions),
		checkCABundle:              old.IsEstablished() && !hasInvalidCABundle(old.Spec.Conversion),
		tooManySelectable:          tooManySelectableKept(c, old),
		unchangedSchemas:           unchangedSchemas(c, old),
		rules:                      storedExpressions(&old.Spec),
		mutabilitySites:            oldMutabilitySites(&old.Spec),
	}
}

func oldNodeTolerance(spec *CRDSpec) nodeTolerance {
	return nodeTolerance{
		invalidTypes:       spec.hasSchemaWith(func(s *Schema) bool { return s.Type != "" && !contains(openAPIV3Types, s.Type) }),
		nonAtomicSets:      spec.hasSchemaWith(hasNonAtomicSetItems),
		invalidMapSetItems: spec.hasSchemaWith(func(s *Schema) bool { return len(checkMapSetItems(s, field.NewPath(""))) > 0 }),
	}
}

func (spec *CRDSpec) allVersionsHaveSchemas() bool {
	return len(checkSchemasPresent(spec, field.NewPath("spec"))) == 0
}

// isNonStructural reports a schema that cannot be converted to a structural
// schema or breaks its invariants.
func isNonStructural(s *Schema) bool {
	return structuralError(s) != nil || len(checkStructural(nil, s)) > 0
}

// hasNonAtomicSetItems is checkSetItems as a predicate.
func hasNonAtomicSetItems(s *Schema) bool {
	return s.IsSetList() && s.Items != nil && len(checkSetItems(s.Items, field.NewPath(""))) > 0
}

// hasRecognizedReviewVersionOrNone: no versions, or one kube-apiserver understands.
func hasRecognizedReviewVersionOrNone(versions []string) bool {
	if len(versions) == 0 {
		return true
	}
	for _, v := range versions {
		if contains(conversionReviewVersions, v) {
			return true
		}
	}
	return false
}

func hasInvalidCABundle(conv *Conversion) bool {
	if conv == nil || conv.WebhookClientConfig == nil || len(conv.WebhookClientConfig.CABundle) == 0 {
		return false
	}
	return len(checkCABundle(field.NewPath("caBundle"), conv.WebhookClientConfig.CABundle)) > 0
}

// tooManySelectableKept lists the selectable-field lists that were over the
// limit in old and are unchanged in c.
func tooManySelectableKept(c, old *CRD) map[string]bool {
	kept := map[string]bool{}
	if len(old.Spec.SelectableFields) > MaxSelectableFields && equality.Semantic.DeepEqual(c.Spec.SelectableFields, old.Spec.SelectableFields) {
		kept[""] = true
	}
	for _, v := range c.Spec.Versions {
		o := old.Spec.version(v.Name)
		if o != nil && len(o.SelectableFields) > MaxSelectableFields && equality.Semantic.DeepEqual(v.SelectableFields, o.SelectableFields) {
			kept[v.Name] = true
		}
	}
	return kept
}

// unchangedSchemas lists the versions of c whose schema equals old's for
// the same version, as upstream's findVersionsWithUnchangedSchemas finds
// them (two missing schemas are equal).
func unchangedSchemas(c, old *CRD) map[string]bool {
	unchanged := map[string]bool{}
	for _, v := range c.Spec.Versions {
		newSchema, ok := c.Spec.schemaHolderOf(v.Name)
		if !ok {
			continue
		}
		if oldSchema, ok := old.Spec.schemaHolderOf(v.Name); ok && equality.Semantic.DeepEqual(newSchema, oldSchema) {
			unchanged[v.Name] = true
		}
	}
	return unchanged
}

// version returns the entry of spec.versions named name, or nil.
func (spec *CRDSpec) version(name string) *Version {
	for i := range spec.Versions {
		if spec.Versions[i].Name == name {
			return &spec.Versions[i]
		}
	}
	return nil
}

// schemaHolderOf is the schema holder of a version as upstream's
// GetSchemaForVersion finds it: the top-level one when no version has its
// own, else the version's; false when the version does not exist or both
// top-level and per-version schemas are set.
func (spec *CRDSpec) schemaHolderOf(name string) (*Validation, bool) {
	if !spec.hasPerVersionSchema() {
		return spec.Validation, true
	}
	if spec.Validation != nil {
		return nil, false
	}
	if v := spec.version(name); v != nil {
		return v.Schema, true
	}
	return nil, false
}

// keepsTooManySelectable reports whether the selectable fields of version
// ("" for the top level) may stay over the limit.
func (t *tolerance) keepsTooManySelectable(version string) bool {
	return t != nil && t.tooManySelectable[version]
}

// nodeTolerance returns the tolerance of schema nodes; none on create.
func (t *tolerance) nodes() nodeTolerance {
	if t == nil {
		return nodeTolerance{}
	}
	return t.node
}

// checkSchemasPresentOnUpdate requires a schema for every version, unless
// the old CRD had a version without one: then only served versions of a
// CRD that prunes need one.
func checkSchemasPresentOnUpdate(spec *CRDSpec, path *field.Path, tol *tolerance) field.ErrorList {
	if tol == nil || !tol.missingSchemas {
		return checkSchemasPresent(spec, path)
	}
	if spec.preservesUnknownFields() || (spec.Validation != nil && spec.Validation.OpenAPIV3Schema != nil) {
		return nil
	}
	var errs field.ErrorList
	for i, v := range spec.Versions {
		if v.Served && (v.Schema == nil || v.Schema.OpenAPIV3Schema == nil) {
			errs = append(errs, field.Required(path.Child("versions").Index(i).Child("schema", "openAPIV3Schema"), "because otherwise all fields are pruned"))
		}
	}
	return errs
}

// requiresStructuralSchemas reports whether the schemas must be structural:
// always on create; on update unless the old CRD had a schema that was not,
// and the new one neither prunes, nor has defaults, nor uses x-kubernetes
// extensions.
func (spec *CRDSpec) requiresStructuralSchemas(tol *tolerance) bool {
	if tol == nil || !tol.nonStructural {
		return true
	}
	return !spec.preservesUnknownFields() || spec.hasDefaults() || spec.hasSchemaWith(hasKubernetesExtensions)
}

// hasKubernetesExtensions: the x-kubernetes extensions that need a
// structural schema (kval's mutability extensions are not among them:
// upstream does not know them).
func hasKubernetesExtensions(s *Schema) bool {
	return s.EmbeddedResource || s.PreserveUnknownFields != nil || s.IntOrString || len(s.ListMapKeys) > 0 ||
		s.ListType != nil || len(s.Validations) > 0
}

// oldMutability returns the old CRD's mutability extensions; nil on create.
func (t *tolerance) oldMutability() map[string]bool {
	if t == nil {
		return nil
	}
	return t.mutabilitySites
}
