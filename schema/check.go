package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The checks reproduce kube-apiserver's ValidateCustomResourceDefinition on
// create (k8s.io/apiextensions-apiserver v0.37.2) rule by rule, with its
// paths, error types, details and bad values, and with its gating; the
// differential tests in conformance/crdvalidation hold them to it. Where kval
// deliberately differs:
//
//   - Map entries (properties, definitions, ...) are visited in sorted order;
//     upstream's order is random. ValidateStructural's errors are sorted by
//     both, as upstream does.
//   - Upstream panics (a nil structural schema in cel.ValidFieldPath) on a
//     selectableFields path when the version's schema cannot be converted to
//     a structural schema, and on selectableFields or rule fieldPaths that
//     continue below additionalProperties without a schema. kval reports
//     "does not refer to a valid field" there.
//   - Name generation from metadata.generateName is not reproduced (its
//     suffix is random); metadata fields that the apiserver clears on create
//     (namespace of a cluster-scoped object, managedFields, deletion fields)
//     are cleared before metadata is validated, as upstream's BeforeCreate does.
//   - Bad values that are whole structs of upstream's internal API
//     (spec.versions, a root schema) are rendered from the CRD as loaded.
//     Upstream renders them after its check of defaults has normalized, in
//     place, the metadata inside defaults of resources.
//   - The final "error building validator" check of upstream cannot fail
//     once the other checks pass, so it is not reproduced.
//   - kval's mutability extensions make schemas different: per-version
//     schemas that differ only in them stay per-version, where upstream
//     (which does not know them) would treat them as identical.

// CheckOptions plug the stages that live above this package into the CRD
// checks, at exactly the places where kube-apiserver runs them. Package lint
// fills them; a nil stage is skipped, so the zero value runs only the checks
// that need nothing but the model.
type CheckOptions struct {
	// Defaults checks the defaults of one openAPIV3Schema (root, at path), as
	// kube-apiserver's structuraldefaulting.ValidateDefaults does. It runs only
	// for schemas that are structural (no NewStructural or ValidateStructural
	// error), and its errors switch off the checks of x-kubernetes-validations
	// rules for that schema, as upstream. Package lint provides it; nil skips
	// the checks of defaults.
	Defaults func(path *field.Path, root *Schema) field.ErrorList

	// Rules compiles x-kubernetes-validations rules (package celrules). Nil
	// skips rule compilation; the static rule checks (empty rule, message,
	// reason, fieldPath) always run.
	Rules RuleChecker

	// ReuseVerdicts lets a version that repeats an earlier version of the
	// same CRD which passed every check pass without being checked again
	// (passedVersions): the errors are the same either way, but the
	// stages are not called for it. Set it only when nothing observes
	// those calls (a Rules that keeps the costs of each version).
	ReuseVerdicts bool
}

// CheckPartial is the building block of lint.CheckCRD, which gives the
// verdict on a CRD: call that instead. CheckPartial runs the create-time
// checks of kube-apiserver (ValidateCustomResourceDefinition with the
// create-time options) that this package owns, in upstream's order, plus
// the placement rules of the mutability extensions, and runs the stages of
// opts where upstream checks defaults and compiles rules. A stage left nil
// is skipped, so the result is partial unless lint plugs them in.
func (c *CRD) CheckPartial(opts CheckOptions) field.ErrorList {
	if c == nil {
		return nil
	}
	var errs field.ErrorList
	errs = append(errs, c.checkMetadata()...)
	errs = append(errs, c.checkSpec(opts, nil)...)
	errs = append(errs, checkStoredVersions(c.StoredVersions, c.Spec.Versions, field.NewPath("status", "storedVersions"))...)
	errs = append(errs, c.checkAPIApproval()...)
	errs = append(errs, c.checkPreserveUnknownFields()...)
	return errs
}

// CheckSchemaPartial is the building block of lint.CheckSchema, which gives
// the verdict on a schema that is not wrapped in a CRD: call that instead.
// It checks s as if it were the openAPIV3Schema of an apiextensions.k8s.io/v1
// CRD without subresources, with paths relative to path: every schema rule
// of CheckPartial, with the same stages of opts (nil ones skipped).
func CheckSchemaPartial(path *field.Path, s *Schema, opts CheckOptions) field.ErrorList {
	if s == nil {
		return nil
	}
	return checkOpenAPIV3Schema(s, validationContext{v1: true, structural: true}, path, opts)
}

// checkPreserveUnknownFields rejects spec.preserveUnknownFields: true, which
// only old CRDs may keep.
func (c *CRD) checkPreserveUnknownFields() field.ErrorList {
	p := c.Spec.PreserveUnknownFields
	if p == nil || !*p {
		return nil
	}
	return field.ErrorList{field.Invalid(field.NewPath("spec", "preserveUnknownFields"), p,
		"cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead")}
}
