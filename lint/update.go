package lint

import (
	"context"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// CheckCRDUpdate returns every error kube-apiserver gives when old is
// updated to crd (ValidateCustomResourceDefinitionUpdate), plus kval's
// mutability placement errors as they apply on update. What the old CRD
// already had is tolerated where kube-apiserver tolerates it (see
// schema.CRD.CheckUpdatePartial); in particular defaults need not be pruned
// when a default of the old CRD was not.
func CheckCRDUpdate(ctx context.Context, old, crd *schema.CRD, opts Options) field.ErrorList {
	if old == nil {
		return CheckCRD(ctx, crd, opts)
	}
	checks := checkOptions(ctx, opts)
	if hasUnprunedDefaults(old) {
		opts := opts.withOwnStages()
		checks.Defaults = func(path *field.Path, root *schema.Schema) field.ErrorList {
			return checkDefaultsWith(ctx, path, root, opts, false)
		}
	}
	return crd.CheckUpdatePartial(old, checks)
}

// hasUnprunedDefaults reports a default in a structural schema of crd that
// pruning would change (upstream's requirePrunedDefaults, negated).
func hasUnprunedDefaults(crd *schema.CRD) bool {
	for _, root := range crd.Schemas() {
		if root == nil || !schema.IsStructural(root) {
			continue
		}
		if hasUnprunedDefault(root, root) {
			return true
		}
	}
	return false
}

// hasUnprunedDefault walks items and properties as the checks of defaults do.
func hasUnprunedDefault(s, root *schema.Schema) bool {
	if s == nil {
		return false
	}
	isResource := s == root || s.EmbeddedResource
	if s.Default != nil && !isPruned(s.Default, s, isResource) {
		return true
	}
	if hasUnprunedDefault(s.Items, root) {
		return true
	}
	for _, child := range s.Properties {
		if hasUnprunedDefault(child, root) {
			return true
		}
	}
	return hasUnprunedDefault(s.AdditionalPropertiesSchema(), root)
}
