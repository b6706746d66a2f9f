package schema

import (
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// CheckUpdatePartial is the building block of lint.CheckCRDUpdate, which
// gives the verdict on a CRD update: call that instead. It runs kube-
// apiserver's ValidateCustomResourceDefinitionUpdate (v0.37) for the update
// of old into c, in upstream's order: the create-time checks of
// CheckPartial with what the old CRD lets pass (a schema missing, not
// structural, invalid types, non-atomic set items, map keys neither required
// nor defaulted, too many selectable fields kept, unrecognized review
// versions kept), rules already stored compiled in the stored-expressions
// environment, no per-rule cost limit on unchanged schemas; then what only
// an update checks: metadata (name immutable), group, names.plural and, once
// the old CRD is established, scope and names.kind immutable, a CA bundle
// that must parse, status.storedVersions carried over from the old CRD (a
// stored version may not leave spec.versions), API approval and
// preserveUnknownFields ratcheted.
//
// The CRDs are what the documents say. kube-apiserver keeps the old CRD's
// status; an old CRD without a status (a file) counts as established, with
// its storage version stored (see CRD.IsEstablished, UpdateStoredVersions).
// The metadata the apiserver carries over from the stored object
// (resourceVersion, uid, creationTimestamp, generation, deletion fields) is
// carried over before the metadata is checked, as kubectl and the apiserver
// do; the rest is compared as given.
func (c *CRD) CheckUpdatePartial(old *CRD, opts CheckOptions) field.ErrorList {
	if c == nil || old == nil {
		return c.CheckPartial(opts)
	}
	var errs field.ErrorList
	errs = append(errs, c.checkMetadataUpdate(old)...)
	errs = append(errs, c.checkSpec(opts, newTolerance(c, old))...)
	errs = append(errs, c.checkImmutableSpec(old)...)
	errs = append(errs, checkStoredVersions(c.storedVersionsAfterUpdate(old), c.Spec.Versions, field.NewPath("status", "storedVersions"))...)
	if old.approvalOf() != c.approvalOf() {
		errs = append(errs, c.checkAPIApproval()...)
	}
	if !old.Spec.preservesUnknownFields() {
		errs = append(errs, c.checkPreserveUnknownFields()...)
	}
	return errs
}

// checkMetadataUpdate is ValidateObjectMetaUpdate after the apiserver's
// BeforeUpdate, with the fields a client cannot change taken from old.
func (c *CRD) checkMetadataUpdate(old *CRD) field.ErrorList {
	oldMeta, meta := old.Metadata, c.Metadata
	oldMeta.Namespace, meta.Namespace = "", ""
	if oldMeta.ResourceVersion == "" {
		oldMeta.ResourceVersion = "1"
	}
	meta.ResourceVersion = oldMeta.ResourceVersion
	meta.Generation = oldMeta.Generation
	if meta.UID == "" {
		meta.UID = oldMeta.UID
	}
	meta.CreationTimestamp = oldMeta.CreationTimestamp
	if oldMeta.DeletionTimestamp != nil {
		meta.DeletionTimestamp = oldMeta.DeletionTimestamp
	}
	if oldMeta.DeletionGracePeriodSeconds != nil && meta.DeletionGracePeriodSeconds == nil {
		meta.DeletionGracePeriodSeconds = oldMeta.DeletionGracePeriodSeconds
	}
	meta.ManagedFields = nil
	return apivalidation.ValidateObjectMetaUpdate(&meta, &oldMeta, field.NewPath("metadata"))
}

// checkImmutableSpec: group and plural name the resource and never change;
// once the CRD is established, scope and kind decide how objects are
// stored and do not change either.
func (c *CRD) checkImmutableSpec(old *CRD) field.ErrorList {
	path := field.NewPath("spec")
	var errs field.ErrorList
	if old.IsEstablished() {
		errs = append(errs, apivalidation.ValidateImmutableField(c.Spec.Scope, old.Spec.Scope, path.Child("scope"))...)
		errs = append(errs, apivalidation.ValidateImmutableField(c.Spec.Names.Kind, old.Spec.Names.Kind, path.Child("names", "kind"))...)
	}
	errs = append(errs, apivalidation.ValidateImmutableField(c.Spec.Group, old.Spec.Group, path.Child("group"))...)
	errs = append(errs, apivalidation.ValidateImmutableField(c.Spec.Names.Plural, old.Spec.Names.Plural, path.Child("names", "plural"))...)
	return errs
}

// storedVersionsAfterUpdate is status.storedVersions as the apiserver sets it
// before validating an update: the old CRD's, plus the new storage version.
func (c *CRD) storedVersionsAfterUpdate(old *CRD) []string {
	stored := append([]string(nil), old.UpdateStoredVersions()...)
	for _, v := range c.Spec.Versions {
		if !v.Storage {
			continue
		}
		if !contains(stored, v.Name) {
			stored = append(stored, v.Name)
		}
		break
	}
	return stored
}

// approvalOf is the state of the API approval annotation.
func (c *CRD) approvalOf() approval {
	return approvalOf(c.Metadata.Annotations[APIApprovedAnnotation])
}
